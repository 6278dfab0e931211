import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import {
  documentsOf,
  isVoucherDocumentKind,
  voucherDocumentsOf,
  type AnyDocumentKind,
  type OrderDocumentKind,
  type VoucherDocumentKind,
} from "../domain/order-documents";
import { orderDocumentPdf, voucherDocumentPdf } from "../orders/order-documents";
import { voucherBoughtBy } from "../stores/vouchers";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { contractDocumentTypes } from "./contract/order";
import { requestedHotelOrder, requestedVoucherOrder } from "./order-lookup";

/**
 * One of an order's documents, made from the order as it was ordered, in the customer's language: a hotel order's
 * papers, or the voucher a voucher order bought. Only a document the order has in its state is made
 * (order-documents.ts): asking for another, such as the invoice of an order not yet paid or the voucher of one not
 * yet issued, is refused as not found with its own code, so nobody gets a paper that states what did not happen.
 */
export function orderDocument(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDocument"] {
  return async (request) => {
    const kind = (Object.keys(contractDocumentTypes) as AnyDocumentKind[]).find(
      (candidate) => contractDocumentTypes[candidate] === request.type
    );
    if (!kind) throw apiError(Code.InvalidArgument, ErrorCode.INVALID_ARGUMENT, "a document type", "type");
    const pdf = isVoucherDocumentKind(kind)
      ? await voucherDocument(deps, request, kind)
      : await hotelOrderDocument(deps, request, kind);
    return { fileName: pdf.fileName, contentType: "application/pdf", content: pdf.content };
  };
}

type DocumentRequest = Parameters<ServiceImpl<typeof ShopService>["orderDocument"]>[0];

function unavailable(kind: AnyDocumentKind) {
  return apiError(Code.NotFound, ErrorCode.ORDER_DOCUMENT_UNAVAILABLE, `the order has no ${kind} now`, "type");
}

async function hotelOrderDocument(deps: ApiDeps, request: DocumentRequest, kind: OrderDocumentKind) {
  const order = await requestedHotelOrder(deps, request.productVariant, request.orderId);
  if (!documentsOf(order).includes(kind)) throw unavailable(kind);
  return orderDocumentPdf(kind, order, deps.config);
}

async function voucherDocument(deps: ApiDeps, request: DocumentRequest, kind: VoucherDocumentKind) {
  const order = await requestedVoucherOrder(deps, request.productVariant, request.orderId);
  const voucher = await voucherBoughtBy(deps.db, order.id);
  if (!voucher || !voucherDocumentsOf(voucher).includes(kind)) throw unavailable(kind);
  return voucherDocumentPdf(kind, order, voucher, deps.config);
}
