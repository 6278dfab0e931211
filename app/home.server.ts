import { ConnectError } from "@connectrpc/connect";
import type { AppLoadContext } from "@remix-run/node";
import { PaymentMethodType } from "../gen/dzb/shop/v1/payment_pb";
import { loadHotelMethods } from "~/order/reservation-view.server";

/**
 * The texts' keys of the benefit cards and points the market takes, as the api offers them; null when the api cannot
 * be asked (a web tier whose api is down), for the home page to say the same in general words.
 */
export async function benefitMethodKeys(context: AppLoadContext): Promise<string[] | null> {
  try {
    const methods = await loadHotelMethods(context);
    return methods
      .filter((method) => method.type === PaymentMethodType.BENEFIT_PROVIDER)
      .map((method) => method.translationCode);
  } catch (error) {
    if (error instanceof ConnectError) return null;
    throw error;
  }
}
