import type { PaymentGateway } from "../adapters/gateways/payment-gateway";
import type { HotelProvider } from "../adapters/provider/hotel-provider";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { GatewayType } from "../domain/payment-gateways";

/** What the api's handlers need from the outside. */
export interface ApiDeps {
  config: Config;
  db: Database;
  provider: HotelProvider;
  gateways: PaymentGateways;
  /** The clock; tests pass one they move. */
  now: Clock;
}

/** The gateway of each type; which type serves which payment method is the domain's rule. */
export type PaymentGateways = Readonly<Record<GatewayType, PaymentGateway>>;
