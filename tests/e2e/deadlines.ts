import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { formatDeadline } from "../../shared/formats";
import { calendarDateIn, dayNumber, zonedInstant } from "../../shared/calendar-date";
import { PAY_WITHIN_DAYS } from "../../server/domain/order-lifecycle";
import type { CurrencyCode } from "../../server/domain/products";
import { marketTimeZones } from "../../shared/market-time-zones";
import { plainTextOf } from "../fixtures/mime";
import { e2eMailDir } from "../playwright.config";

/**
 * Deadlines as the customer reads them, and the e-mails they were sent. A deadline is stated with its date (the
 * month named, in the genitive in Polish), the time and the market's zone.
 */

const polishMonthsInDates =
  "stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia";

/** A deadline at the end of a day: "28. listopadu 2026 v 23:59 SEČ", "28 listopada 2026 23:59 CET". */
export const endOfDayDeadline = {
  cs: String.raw`\d{1,2}\. \p{L}+ \d{4} v 23:59 SEL?Č`,
  pl: String.raw`\d{1,2} (?:${polishMonthsInDates}) \d{4} 23:59 CES?T`,
} as const;

/**
 * The pay-by an order sent between `from` and `to` (the clock before and after sending it) must state when its stay
 * and free cancellation are weeks away: 23:59 on the third day after the day of ordering, on the market's clock.
 * Two answers when the order may have been made on either side of midnight.
 */
export function statedPayBy(from: Date, to: Date, language: "cs" | "pl", currency: CurrencyCode): string[] {
  const timeZone = marketTimeZones[currency];
  const days = new Set([from, to].map((instant) => dayNumber(calendarDateIn(instant, timeZone))!));
  return [...days].map((day) =>
    formatDeadline(zonedInstant(day + PAY_WITHIN_DAYS, 23, 59, timeZone), language, timeZone)
  );
}

/**
 * The text of the e-mails the shop has written so far that mention `text` (an order or voucher number). Only
 * finished ones: the mailer writes each to a hidden temporary file first and renames it, so a file being written
 * may be gone by the time it is read.
 */
export async function mailsMentioning(text: string): Promise<string[]> {
  const files = (await readdir(e2eMailDir).catch(() => [])).filter((file) => file.endsWith(".eml"));
  const contents = await Promise.all(files.map((file) => readFile(path.join(e2eMailDir, file), "latin1")));
  return contents.filter((content) => content.includes(text));
}

/** The plain-text body of the order's confirmation e-mail, once the shop has sent it. */
export async function confirmationMailText(orderNumber: string): Promise<string | undefined> {
  const mail = (await mailsMentioning(`order-${orderNumber}-order_confirmation`))[0];
  return mail === undefined ? undefined : plainTextOf(mail);
}
