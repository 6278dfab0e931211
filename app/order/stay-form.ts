/**
 * The step-1 form (hotel link and stay) as the browser and the server both see it: field names and the typed
 * values, always as the strings the customer typed so nothing is lost on an error (the limits of SPEC §5 and §9 are
 * shared/input-limits.ts, which the api checks too).
 * Free of zod on purpose: this module reaches the browser, the schema does not.
 */

import { MAX_CHILDREN, MIN_ROOMS } from "../../shared/input-limits";

/** More age fields than this are never read: the form shows at most MAX_CHILDREN, the rest is a pasted link's excess. */
const MAX_AGE_FIELDS = 10;

export type StayFormValues = {
  url: string;
  /** The hotel the link was read as, and the link text it was read from: a changed link is read again. */
  hotelId: string;
  parsedUrl: string;
  /** YYYY-MM-DD, as `<input type="date">` sends it. */
  checkIn: string;
  checkOut: string;
  rooms: string;
  adults: string;
  children: string;
  childAges: string[];
};

/**
 * A first visit: one room and no children are what nearly everyone books and are easy to change; dates and adults
 * are left for the customer (or the link) to say, since a guessed party size would be booked by mistake.
 */
export const emptyStayForm: StayFormValues = {
  url: "",
  hotelId: "",
  parsedUrl: "",
  checkIn: "",
  checkOut: "",
  rooms: String(MIN_ROOMS),
  adults: "",
  children: "0",
  childAges: [],
};

/** What a posted form left empty stays empty when the server answers it. */
const blankStayForm: StayFormValues = {
  url: "",
  hotelId: "",
  parsedUrl: "",
  checkIn: "",
  checkOut: "",
  rooms: "",
  adults: "",
  children: "",
  childAges: [],
};

/** The age field of the child at `index`, named the way conform reads arrays. */
export function childAgeName(index: number): string {
  return `childAges[${index}]`;
}

type FieldSource = { get(name: string): FormDataEntryValue | null };

/** The typed values of a posted form or of a query string (the "change the stay" link); missing ones fall back. */
export function readStayForm(source: FieldSource, fallback: StayFormValues = emptyStayForm): StayFormValues {
  const text = (name: string) => {
    const value = source.get(name);
    return typeof value === "string" ? value : null;
  };
  const childAges: string[] = [];
  for (let index = 0; index < MAX_AGE_FIELDS; index++) {
    const age = text(childAgeName(index));
    if (age === null) break;
    childAges.push(age);
  }
  return {
    url: text("url") ?? fallback.url,
    hotelId: text("hotelId") ?? fallback.hotelId,
    parsedUrl: text("parsedUrl") ?? fallback.parsedUrl,
    checkIn: text("checkIn") ?? fallback.checkIn,
    checkOut: text("checkOut") ?? fallback.checkOut,
    rooms: text("rooms") ?? fallback.rooms,
    adults: text("adults") ?? fallback.adults,
    children: text("children") ?? fallback.children,
    childAges: childAges.length > 0 ? childAges : fallback.childAges,
  };
}

/** The form as the server answered it: conform echoes the posted fields nested (`childAges: [...]`), empty ones dropped. */
export function stayFormFromEcho(echo: Record<string, unknown> | null | undefined): StayFormValues {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(echo ?? {})) {
    if (typeof value === "string") fields.set(name, value);
    if (Array.isArray(value))
      value.forEach((item, index) => fields.set(`${name}[${index}]`, typeof item === "string" ? item : ""));
  }
  return readStayForm(fields, blankStayForm);
}

/** The values as form fields, for a query string that prefills the form or a payload for the schema. */
export function stayFormParams(values: StayFormValues): URLSearchParams {
  const params = new URLSearchParams();
  const { childAges, ...single } = values;
  for (const [name, value] of Object.entries(single)) params.set(name, value);
  childAges.forEach((age, index) => params.set(childAgeName(index), age));
  return params;
}

/**
 * How many age fields to show: one per child, and never fewer than the ages already typed, so lowering the count
 * without JavaScript does not silently drop an age (validation then says the counts differ).
 */
export function ageFieldCount(values: StayFormValues): number {
  const children = Number.parseInt(values.children, 10);
  const declared = Number.isInteger(children) ? Math.min(Math.max(children, 0), MAX_CHILDREN) : 0;
  const typed = values.childAges.reduce((last, age, index) => (age.trim() !== "" ? index + 1 : last), 0);
  return Math.max(declared, typed);
}
