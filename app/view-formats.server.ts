import type { AppLoadContext } from "@remix-run/node";
import { currencySymbol, formatCalendarDate, formatDeadline, formatScore, moneyFormatter } from "../shared/formats";
import { marketTimeZones } from "../shared/market-time-zones";
import { languageOf } from "../shared/route-table";

/** The visitor's formats: prices in the market currency, dates in the language, deadlines on the market's clock. */
export function viewFormats(context: AppLoadContext) {
  const language = languageOf(context.locale);
  const timeZone = marketTimeZones[context.variant.currency];
  return {
    money: moneyFormatter(language, context.variant.currency),
    /** The currency as prices show it in the visitor's language: "Kč", "zł", or "CZK" in English. */
    currencySymbol: currencySymbol(language, context.variant.currency),
    /** A calendar date (YYYY-MM-DD) of a stay, with its weekday. */
    stayDate: (date: string) => formatCalendarDate(date, language, { weekday: true }),
    /** Any other calendar date (YYYY-MM-DD). */
    date: (date: string) => formatCalendarDate(date, language),
    /** The market's time zone: the day an instant was on, as the market counts days. */
    timeZone,
    /** An instant to act by, with its time and zone (the same words as the e-mails and documents). */
    deadline: (instant: Date) => formatDeadline(instant, language, timeZone),
    /** A guests' review score. */
    score: (score: number) => formatScore(score, language),
  };
}

export type Formats = ReturnType<typeof viewFormats>;
