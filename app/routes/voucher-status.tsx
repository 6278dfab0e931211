import type { LoaderFunctionArgs } from "@remix-run/node";
import { ScreenHeading } from "~/components/screen-heading";
import { screenMeta } from "~/screen-meta";
import { notFound, screenData } from "~/screen.server";

export const meta = screenMeta;

/** SPEC §5: a voucher code has 8 digits. */
const voucherCodePattern = /^\d{8}$/;

export function loader({ context, params }: LoaderFunctionArgs) {
  if (params.id !== undefined && !voucherCodePattern.test(params.id)) notFound();
  return screenData(context, "voucherStatus", { code: params.id ?? null });
}

export default function VoucherStatusScreen() {
  return <ScreenHeading />;
}
