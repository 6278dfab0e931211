import type { Config } from "../config";

/** What the api's handlers need from the outside; later issues add the database and the adapters. */
export interface ApiDeps {
  config: Config;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}
