import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { hasDocuments } from "../domain/order-lifecycle";
import { orderDocumentPdf, type OrderDocumentKind } from "../orders/order-documents";
import { apiError } from "./api-error";
import type { ApiDeps } from "./deps";
import { contractDocumentTypes } from "./order-contract";
import { requestedOrder } from "./order-lookup";

/** An order's invoice or terms, made from the order as it was ordered, in the customer's language. */
export function orderDocument(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDocument"] {
  return async (request) => {
    const kind = (Object.keys(contractDocumentTypes) as OrderDocumentKind[]).find(
      (candidate) => contractDocumentTypes[candidate] === request.type
    );
    if (!kind) throw apiError(Code.InvalidArgument, ErrorCode.INVALID_ARGUMENT, "invoice or terms", "type");
    const order = await requestedOrder(deps, request.productVariant, request.orderId);
    if (!hasDocuments(order)) {
      throw apiError(Code.NotFound, ErrorCode.ORDER_NOT_FOUND, "the order has no documents", "order_id");
    }
    const pdf = orderDocumentPdf(kind, order, deps.config);
    return { fileName: pdf.fileName, contentType: "application/pdf", content: pdf.content };
  };
}
