import type { Clock } from "../../clock";
import type { Config } from "../../config";
import { createBookingDemandApiProvider } from "./booking-demand";
import type { HotelProvider } from "./hotel-provider";
import { createSimulatorProvider } from "./simulator";

export type { HotelProvider } from "./hotel-provider";

/** The Demand API when its credentials are configured (always in production), else the simulator. */
export function createHotelProvider(config: Config, now: Clock): HotelProvider {
  const { apiToken, affiliateId, apiUrl, portalUrl } = config.booking;
  if (apiToken && affiliateId) {
    return createBookingDemandApiProvider({ baseUrl: apiUrl, token: apiToken, affiliateId, portalUrl, now });
  }
  return createSimulatorProvider({ slowMs: config.provider.simulatorSlowMs, now });
}
