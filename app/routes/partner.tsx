import type { LoaderFunctionArgs } from "@remix-run/node";
import { ScreenHeading } from "~/components/screen-heading";
import { partners, type Partner } from "../../shared/route-table";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { notFound, screenData, translator } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

function isPartner(value: string | undefined): value is Partner {
  return (partners as readonly string[]).includes(value ?? "");
}

export async function loader({ context, params }: LoaderFunctionArgs) {
  if (!isPartner(params.partner)) notFound();
  const t = translator(context);
  return screenData(
    context,
    "partner",
    { partner: params.partner },
    { titleOptions: { partner: t(`partners.${params.partner}`) } }
  );
}

export default function PartnerScreen() {
  return <ScreenHeading />;
}
