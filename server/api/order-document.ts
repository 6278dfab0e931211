import { Code, type ServiceImpl } from "@connectrpc/connect";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { AnyDocumentKind } from "../domain/order-documents";
import { requestedDocument } from "../orders/order-documents";
import { apiError } from "./contract/api-error";
import type { ApiDeps } from "./deps";
import { contractDocumentTypes } from "./contract/order";
import { requestProductKey } from "./contract/product-variant";

/**
 * One of an order's documents, a PDF or the stay's calendar file, when the order has it in its state
 * (orders/order-documents.ts).
 */
export function orderDocument(deps: ApiDeps): ServiceImpl<typeof ShopService>["orderDocument"] {
  return async (request) => {
    const kind = (Object.keys(contractDocumentTypes) as AnyDocumentKind[]).find(
      (candidate) => contractDocumentTypes[candidate] === request.type
    );
    if (!kind) throw apiError(Code.InvalidArgument, ErrorCode.INVALID_ARGUMENT, "a document type", "type");
    const file = await requestedDocument(deps, requestProductKey(request.productVariant), request.orderId, kind);
    return { fileName: file.fileName, contentType: file.contentType, content: file.content };
  };
}
