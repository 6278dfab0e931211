import type { LoaderFunctionArgs } from "@remix-run/node";
import { ScreenHeading } from "~/components/screen-heading";
import { screenMeta } from "~/screen-meta";
import { requireUuid, screenData } from "~/screen.server";

export const meta = screenMeta;

export function loader({ context, params }: LoaderFunctionArgs) {
  requireUuid(params.orderId);
  return screenData(context, "orderAccommodation");
}

export default function OrderAccommodationScreen() {
  return <ScreenHeading />;
}
