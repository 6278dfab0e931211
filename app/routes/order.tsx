import type { LoaderFunctionArgs } from "@remix-run/node";
import { ScreenHeading } from "~/components/screen-heading";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";

export const meta = screenMeta;

export function loader({ context }: LoaderFunctionArgs) {
  return screenData(context, "order");
}

export default function OrderScreen() {
  return <ScreenHeading />;
}
