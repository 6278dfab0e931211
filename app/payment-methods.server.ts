import { ConnectError } from "@connectrpc/connect";
import type { AppLoadContext } from "@remix-run/node";
import { PaymentMethodType } from "../gen/dzb/shop/v1/payment_pb";
import { formatBasisPoints } from "../shared/formats";
import { partnerMethodIds } from "../shared/partner-methods";
import { languageOf, partners, type Partner } from "../shared/route-table";
import { loadHotelMethods } from "~/order/reservation-view.server";
import { translator } from "~/screen.server";

/** A way to pay the market takes, as the site's pages describe it: its name and its fee there. */
export type OfferedMethod = {
  methodId: string;
  name: string;
  isBenefit: boolean;
  /** The fee as a percentage ("6,9 %"), or null for a method without one. */
  fee: string | null;
  /** The partner whose page tells how to pay with it. */
  partner: Partner | null;
};

/**
 * The variant's ways to pay a stay, as the api offers them with their fees (the domain's rates, never a copy in the
 * texts); null when the api cannot be asked (a web tier whose api is down), for the page to say it in general words.
 */
export async function offeredMethods(context: AppLoadContext): Promise<OfferedMethod[] | null> {
  try {
    const t = translator(context);
    const language = languageOf(context.locale);
    return (await loadHotelMethods(context)).map((method) => ({
      methodId: method.methodId,
      name: t(method.translationCode),
      isBenefit: method.type === PaymentMethodType.BENEFIT_PROVIDER,
      fee: method.feeBasisPoints > 0 ? formatBasisPoints(method.feeBasisPoints, language) : null,
      partner: partners.find((partner) => partnerMethodIds[partner].includes(method.methodId)) ?? null,
    }));
  } catch (error) {
    if (error instanceof ConnectError) return null;
    throw error;
  }
}
