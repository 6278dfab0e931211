import type { LoaderFunctionArgs } from "@remix-run/node";
import { ScreenHeading } from "~/components/screen-heading";
import { screenMeta } from "~/screen-meta";
import { notFound, screenData } from "~/screen.server";

export const meta = screenMeta;

export function loader({ context }: LoaderFunctionArgs) {
  // Vouchers are sold on the Czech markets only (SPEC §2: the Polish header has no voucher link).
  if (!context.variant.sellsVouchers) notFound();
  return screenData(context, "voucher");
}

export default function VoucherScreen() {
  return <ScreenHeading />;
}
