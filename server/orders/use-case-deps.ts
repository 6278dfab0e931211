import type { PaymentGateways } from "../adapters/gateways/payment-gateway";
import type { HotelProvider } from "../adapters/provider/hotel-provider";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logging/logger";

/** What the use cases the api calls need from the outside; the entry point builds it once. */
export interface UseCaseDeps {
  config: Config;
  db: Database;
  provider: HotelProvider;
  gateways: PaymentGateways;
  /** The clock; tests pass one they move. */
  now: Clock;
  log: Logger;
}
