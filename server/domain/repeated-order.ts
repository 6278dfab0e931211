import { sameData } from "./same-data";

/**
 * Whether an order request for a preview that has already made an order is that order sent again (a double click, a
 * second tab, the web's retry after a lost answer): it is when it carries the customer details the order was made
 * with, as they were stored (a field without a value is one left out). Only then is the order
 * answered, with what opens and changes it: its id, its owner key, a voucher's code. Anyone else who holds the
 * preview's address (the reservation's, which a customer may share) is refused: that address must not open the order.
 */
export function isOrderSentAgain(orderedBy: object, askedBy: object): boolean {
  return sameData(asStored(orderedBy), asStored(askedBy));
}

const asStored = (details: object): unknown => JSON.parse(JSON.stringify(details));
