import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The request facts the root loader resolved; every component reads them from here. */
export function useShop() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useShop: the root loader data is missing");
  return data;
}
