import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import { documentsOf, type OrderDocumentKind } from "../domain/order-documents";
import { orderDocumentPdf } from "../orders/order-documents";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { contractDocumentTypes } from "./contract/order";
import { requestedHotelOrder } from "./order-lookup";

/**
 * One of an order's documents, made from the order as it was ordered, in the customer's language. Only a document
 * the order has in its state is made (order-documents.ts): asking for another, such as the invoice of an order not
 * yet paid, is refused as not found with its own code, so nobody gets a paper that states what did not happen.
 */
export function orderDocument(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDocument"] {
  return async (request) => {
    const kind = (Object.keys(contractDocumentTypes) as OrderDocumentKind[]).find(
      (candidate) => contractDocumentTypes[candidate] === request.type
    );
    if (!kind) throw apiError(Code.InvalidArgument, ErrorCode.INVALID_ARGUMENT, "a document type", "type");
    const order = await requestedHotelOrder(deps, request.productVariant, request.orderId);
    if (!documentsOf(order).includes(kind)) {
      throw apiError(Code.NotFound, ErrorCode.ORDER_DOCUMENT_UNAVAILABLE, `the order has no ${kind} now`, "type");
    }
    const pdf = orderDocumentPdf(kind, order, deps.config);
    return { fileName: pdf.fileName, contentType: "application/pdf", content: pdf.content };
  };
}
