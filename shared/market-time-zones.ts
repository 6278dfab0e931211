/**
 * The clocks of the markets, one place for both tiers: the api sets deadlines and market dates by them, and the
 * screens, e-mails and documents state deadlines in them.
 */

/**
 * Both markets live in Central European time, and so do most of their customers' trips. A hotel far west may
 * still be on yesterday; refusing its "today" for the hours the zones differ is the price of one clear rule.
 */
export const MARKET_TIME_ZONE = "Europe/Prague";

/**
 * The zone each market (by its currency) sets its deadlines in and states them in, where its customers read the
 * clock: a Polish customer is told Warsaw's time. (The zones agree today; the deadline does not rely on it.)
 */
export const marketTimeZones: Readonly<Record<"CZK" | "PLN", string>> = {
  CZK: MARKET_TIME_ZONE,
  PLN: "Europe/Warsaw",
};
