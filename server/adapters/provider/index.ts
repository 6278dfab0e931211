import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Logger } from "../../logging/logger";
import { createBookingDemandApiProvider } from "./booking-demand";
import type { HotelProvider } from "./hotel-provider";
import { createSimulatorProvider } from "./simulator";

export type { HotelProvider } from "./hotel-provider";

/** The Demand API when its credentials are configured (always in production), else the simulator. */
export function createHotelProvider(config: Config, now: Clock, log: Logger): HotelProvider {
  const { apiToken, affiliateId, apiUrl, portalUrl } = config.booking;
  if (apiToken && affiliateId) {
    return createBookingDemandApiProvider({ baseUrl: apiUrl, token: apiToken, affiliateId, portalUrl, now, log });
  }
  return createSimulatorProvider({ slowMs: config.provider.simulatorSlowMs, now });
}
