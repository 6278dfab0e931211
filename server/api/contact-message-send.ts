import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { sendContactMessage } from "../contact/contact-messages";
import { apiError } from "./contract/api-error";
import { providerLanguageOf, requestProductKey } from "./contract/product-variant";
import { clientAddressKey } from "./client-address";
import type { ApiDeps } from "./deps";

/**
 * A message of the contact form, kept and mailed to the shop's support (contact-messages.ts). The request limits
 * have checked its fields; a client that has sent its budget of messages lately is refused with resource_exhausted
 * (HTTP 429) and how long to wait.
 */
export function contactMessageSend(deps: ApiDeps): ServiceImpl<typeof ShopService>["contactMessageSend"] {
  return async (request, context) => {
    const message = request.message;
    if (!message) throw apiError(Code.InvalidArgument, ErrorCode.INPUT_REQUIRED, "message is required", "message");
    const outcome = await sendContactMessage(deps.db, {
      product: requestProductKey(request.productVariant),
      language: providerLanguageOf(request.productVariant?.lang),
      fullname: message.fullname.trim(),
      email: message.email.trim(),
      subject: message.subject.trim(),
      message: message.message.trim(),
      client: context.values.get(clientAddressKey),
      createdAt: deps.now(),
    });
    if (!outcome.sent) {
      throw apiError(
        Code.ResourceExhausted,
        ErrorCode.CONTACT_MESSAGES_TOO_MANY,
        "too many contact messages from this client lately",
        "message",
        { retryAfterSeconds: outcome.retryAfterSeconds }
      );
    }
    return {};
  };
}
