/**
 * The one way actions read a posted form. The web server has already bounded the body's size (server/web/body-limit.ts);
 * what is left to refuse here is what no form of the shop sends: another content type, or a body that cannot be parsed
 * (a cut-off multipart, a broken boundary). Each is the visitor's request at fault, a 4xx page, never a 500.
 */

const formContentTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!formContentTypes.includes(contentType)) throw new Response("Unsupported Media Type", { status: 415 });
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400 });
  }
}
