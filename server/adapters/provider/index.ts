import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Logger } from "../../logging/logger";
import { createBookingDemandApiProvider } from "./booking-demand";
import type { HotelProvider } from "./hotel-provider";
import { sandboxCardIssuer } from "./sandbox-card-issuer";
import { createSimulatorProvider } from "./simulator";

export type { HotelProvider } from "./hotel-provider";

/**
 * The Demand API when its credentials are configured (always in production), else the simulator. Outside production
 * the Demand API is paid with the sandbox's test card; production has no virtual card issuer yet (decision 010), so
 * there a booking Booking.com wants a card for fails until one is wired here.
 */
export function createHotelProvider(config: Config, now: Clock, log: Logger): HotelProvider {
  const { apiToken, affiliateId, apiUrl, portalUrl } = config.booking;
  if (apiToken && affiliateId) {
    const issueCard = config.env === "prod" ? undefined : sandboxCardIssuer(now);
    const connection = { baseUrl: apiUrl, token: apiToken, affiliateId, portalUrl };
    return createBookingDemandApiProvider({ ...connection, now, log, issueCard });
  }
  return createSimulatorProvider({ slowMs: config.provider.simulatorSlowMs, now });
}
