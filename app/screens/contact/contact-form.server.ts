import { parseWithZod } from "@conform-to/zod/v4";
import { Code, ConnectError } from "@connectrpc/connect";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { EMAIL_PATTERN, MAX_CONTACT_LINE_LENGTH, MAX_CONTACT_MESSAGE_LENGTH } from "../../../shared/input-limits";
import type { Translate } from "../../../shared/i18n/translator";
import { readForm } from "~/form-body.server";
import { optionalText, orderFormMessages, requiredText } from "~/order-form/order-form.server";
import { formErrorOf, replyErrors } from "~/rpc-form-error.server";
import { translator } from "~/screen.server";
import { CONTACT_HONEYPOT } from "~/screens/contact/contact-form";

/** The contact form (SPEC §3 ContactMessage): the same bounds as the api's, said next to the field. */
export function contactSchema(t: Translate) {
  const messages = orderFormMessages(t);
  return z.object({
    fullname: requiredText(messages, MAX_CONTACT_LINE_LENGTH),
    email: requiredText(messages).pipe(z.string().regex(EMAIL_PATTERN, messages.email)),
    subject: optionalText(messages, MAX_CONTACT_LINE_LENGTH),
    message: requiredText(messages, MAX_CONTACT_MESSAGE_LENGTH),
    [CONTACT_HONEYPOT]: z.string().optional(),
  });
}

/** The api's field paths as the form's names: `message.fullname` is the field `fullname`. */
function fieldOf(path: string): string | undefined {
  const name = path.replace(/^message\./, "");
  return ["fullname", "email", "subject", "message"].includes(name) ? name : undefined;
}

/**
 * Sends the visitor's message (ContactMessageSend). A sent message answers with the form emptied and the thanks; a
 * message the form or the api refuses keeps what was typed, with the reason beside its field or above the form; a
 * failure on the way (the api unreachable) says to try again, the text kept. A post whose hidden honeypot field is
 * filled, which only a script does, is thanked as sent and sent nowhere.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const t = translator(context);
  const submission = parseWithZod(await readForm(request), { schema: contactSchema(t) });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });
  const { fullname, email, subject, message, [CONTACT_HONEYPOT]: honeypot } = submission.value;
  if (honeypot) return json({ result: submission.reply({ resetForm: true }), sent: true });
  try {
    await context.rpc.contactMessageSend({ message: { fullname, email, subject: subject ?? "", message } });
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    const status = refusalStatus[error.code];
    const shown = status
      ? formErrorOf(error, t, { fieldOf, supportEmail: context.variant.support.email })
      : { message: t("contact.failed") };
    return json({ result: submission.reply(replyErrors(shown)), sent: false }, { status: status ?? 503 });
  }
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

/** The api's refusals of the message itself, and the page's status for each; any other failure is "try again". */
const refusalStatus: Partial<Record<Code, number>> = {
  [Code.InvalidArgument]: 400,
  [Code.ResourceExhausted]: 429,
};
