import type { PaymentGateways } from "../adapters/gateways/payment-gateway";
import type { HotelProvider } from "../adapters/provider/hotel-provider";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";

/** What the api's handlers need from the outside. */
export interface ApiDeps {
  config: Config;
  db: Database;
  provider: HotelProvider;
  gateways: PaymentGateways;
  /** The clock; tests pass one they move. */
  now: Clock;
}
