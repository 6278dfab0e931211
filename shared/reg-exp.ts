/** A text as a regular expression that matches that text alone (a URL's dots and question marks taken literally). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
