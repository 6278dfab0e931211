import { compressionBrotli, compressionGzip } from "@connectrpc/connect-node";

/**
 * The most bytes the api reads of one request body, and the most a compressed body may inflate to (Connect hands
 * this bound to zlib as `maxOutputLength`, and zlib stops inflating as soon as it is passed).
 *
 * The largest message the shop's own web tier sends is a HotelParseUrl with the longest link its form takes,
 * 16,384 characters: at most 48 KiB even if every character took three bytes of UTF-8. A HotelOrderCreate with every
 * form field at its limit (names and addresses of 200 characters, a note of 1,000, a few voucher codes, dozens of
 * rooms) stays under 16 KiB. 128 KiB leaves more than twice the worst case for fields to come, while a hostile body
 * costs at most that much memory to read instead of Connect's default of 4 GiB. Decision 016.
 */
export const MAX_REQUEST_BYTES = 128 * 1024;

/** The request encodings the api inflates: Connect's own gzip and brotli, each bounded by MAX_REQUEST_BYTES. */
export const requestCompressions = [compressionGzip, compressionBrotli];
