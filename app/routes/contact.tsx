import type { LoaderFunctionArgs } from "@remix-run/node";
import { ScreenHeading } from "~/components/screen-heading";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

export function loader({ context }: LoaderFunctionArgs) {
  return screenData(context, "contact");
}

export default function ContactScreen() {
  return <ScreenHeading />;
}
