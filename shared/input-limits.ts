/**
 * The shapes and bounds of what customers type, written once for both tiers (SPEC §3, §5, §9): the forms check
 * them to say what to fix next to the field, and the api's limits table (server/api/request-limits.ts) refuses
 * any request that breaks them, whoever sends it. A change here changes both, so a form never sends what the api
 * would refuse nor refuses what it would take.
 */

/** SPEC §3 identifiers: orders, payments, vouchers, previews and availability checks. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An e-mail as the customer can be told to fix it: something, an at sign, a server with a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5: an optional plus, a 2-3 digit country code and three groups of three digits. */
export const PHONE_PATTERN = /^\+?\d{2,3} ?\d{3} ?\d{3} ?\d{3}$/;

/** The note for the hotel, in characters. */
export const MAX_NOTE_LENGTH = 1000;

/** A contact message (SPEC §3 contact form): its name and subject are a line, its text a letter, in characters. */
export const MAX_CONTACT_LINE_LENGTH = 200;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

/**
 * A room product's id. The SPEC calls it "shaped digits_digits"; the booking portal's real ids carry more digit
 * groups (`1000420_95127794_2_0_0`), so any number of underscore-joined digit groups, at least two, is one.
 */
export const productIdPattern = /^\d+(?:_\d+)+$/;

/**
 * The stay (SPEC §5): at least one room and one adult, at most four children aged 0 to 17. The SPEC's "adults at
 * least 2" described its example data, not what may be sold: one adult travelling alone may search (decision 050).
 */
export const MIN_ROOMS = 1;
export const MIN_ADULTS = 1;
export const MAX_CHILDREN = 4;
export const MAX_CHILD_AGE = 17;

/**
 * The most adults a stay may ask for per room. More is a slip of the keyboard (30 for 3) rather than a stay: the
 * largest rooms the portal sells (apartments, chalets) sleep about eight adults.
 */
export const MAX_ADULTS_PER_ROOM = 8;

/** Whether a stay asks for more adults than its rooms can sensibly take. */
export function tooManyAdultsPerRoom(adults: number, rooms: number): boolean {
  return adults > Math.max(1, rooms) * MAX_ADULTS_PER_ROOM;
}

/**
 * At most this many codes (vouchers and coupons together) in one order or preview: more than a customer combines,
 * few enough that one request cannot test a pile of guessed codes (decision 015).
 */
export const MAX_VOUCHER_CODES_PER_ORDER = 5;
