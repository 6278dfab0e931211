/**
 * Order numbers people read on the screen, in e-mails and on bank statements: the two-digit year, then the year's
 * sequence padded to six digits ("26000042"). The same digits are the bank transfer's variable symbol, so payments
 * are matched by the number the customer sees. A variable symbol is at most 10 digits, which bounds the sequence.
 */

const VARIABLE_SYMBOL = /^\d{1,10}$/;

/**
 * The year must run from 2010 to 2099: before 2010 the number would start with 0, which banks drop from a variable
 * symbol (it is a number), and the payment would no longer match the order.
 */
export function orderNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2010 || year > 2099)
    throw new RangeError(`Order numbers cover 2010 to 2099, not ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new RangeError(`An order sequence starts at 1, not ${sequence}`);
  const number = `${year % 100}${String(sequence).padStart(6, "0")}`;
  if (number.length > 10) throw new RangeError(`Order number ${number} is longer than a variable symbol's 10 digits`);
  return number;
}

/** The variable symbol a transfer for the order carries; throws when the order number is not 1 to 10 digits. */
export function variableSymbolOf(orderNumber: string): string {
  if (!VARIABLE_SYMBOL.test(orderNumber)) throw new Error(`Order number "${orderNumber}" is not 1 to 10 digits`);
  return orderNumber;
}
