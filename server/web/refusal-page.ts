import { translatorOf } from "../../shared/i18n/messages";
import type { Language } from "../../shared/route-table";
import type { BodyRefusal } from "./body-limit";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Why a request is refused before Remix runs: a host no URL can be made of (400), or its body (411, 413). */
export type Refusal = 400 | BodyRefusal;

/**
 * The page of a request refused before Remix ran, in the visitor's language: the words of the shop's error page,
 * without its header and scripts, as the error page itself is when no loader ran.
 */
export function refusalPage(lang: Language, status: Refusal, homePath: string): string {
  const t = translatorOf(lang);
  const title = escapeHtml(t("pageError.errorTitle"));
  const text = escapeHtml(t(status === 413 ? "errors.REQUEST_TOO_LARGE" : "pageError.errorText"));
  return [
    "<!DOCTYPE html>",
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title></head>`,
    `<body><main id="main"><section class="page-error"><h1>${title}</h1><p>${text}</p>`,
    `<a class="button" href="${escapeHtml(homePath)}" data-testid="go-home">${escapeHtml(t("pageError.goHome"))}</a>`,
    "</section></main></body></html>",
  ].join("\n");
}
