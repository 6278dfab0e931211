import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentKinds } from "~/order/order-view";
import { documentTypes } from "~/order/order-view.server";
import { notFound, orderCacheControl, requireUuid } from "~/screen.server";

/**
 * An order's document as the api makes it of the order: a PDF (invoice, terms…) is shown in the browser's viewer
 * (inline), the stay's calendar file is downloaded (attachment), for a calendar app to open rather than the browser
 * to show as text; each under its own file name. Private to whoever holds the order's address, so no cache keeps a
 * copy.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const orderId = requireUuid(params.id);
  const kind = documentKinds.find((candidate) => candidate === params.document);
  if (!kind) notFound();
  const document = await context.rpc.orderDocument({ orderId, type: documentTypes[kind] });
  const disposition = kind === "stay-calendar" ? "attachment" : "inline";
  const fileName = document.fileName.replace(/[^\w.-]/g, "_");
  return new Response(Buffer.from(document.content), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": `${disposition}; filename="${fileName}"`,
      "Cache-Control": orderCacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
