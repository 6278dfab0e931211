import type { HotelProvider } from "../adapters/provider/hotel-provider";
import type { Config } from "../config";
import type { Database } from "../db/database";

/** What the api's handlers need from the outside. */
export interface ApiDeps {
  config: Config;
  db: Database;
  provider: HotelProvider;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}
