/**
 * A room product's id. The SPEC calls it "shaped digits_digits"; the booking portal's real ids carry more digit
 * groups (`1000420_95127794_2_0_0`), so any number of underscore-joined digit groups, at least two, is one.
 */
export const productIdPattern = /^\d+(?:_\d+)+$/;
