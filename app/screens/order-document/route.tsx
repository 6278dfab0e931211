import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentKinds } from "~/order/order-view";
import { documentTypes } from "~/order/order-view.server";
import { notFound, orderCacheControl, requireUuid } from "~/screen.server";

/**
 * An order's invoice or terms, as the PDF the api makes of the order. Shown in the browser's viewer (inline) under
 * its own file name; private to whoever holds the order's address, so no cache keeps a copy.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const orderId = requireUuid(params.id);
  const kind = documentKinds.find((candidate) => candidate === params.document);
  if (!kind) notFound();
  const document = await context.rpc.orderDocument({ orderId, type: documentTypes[kind] });
  return new Response(Buffer.from(document.content), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": `inline; filename="${document.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": orderCacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
