import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { languageOf, type Locale } from "../shared/route-table";

/** The request facts the root loader resolved; every component reads them from here. */
export function useShop() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useShop: the root loader data is missing");
  return data;
}

export type LegalDocument = "cancellation-policy" | "privacy-policy" | "terms-of-service" | "complaints-procedure";

type DocumentSite = { slug: string; documentLanguages: readonly string[] };

/**
 * A legal PDF of the variant (SPEC §2 footer): in the visitor's language where the variant has it, else in the
 * variant's first document language.
 */
export function legalDocumentPath(site: DocumentSite, locale: Locale, document: LegalDocument): string {
  const language = languageOf(locale);
  const documentLanguage = site.documentLanguages.includes(language) ? language : site.documentLanguages[0];
  return `/documents/${site.slug}/${documentLanguage}/${document}.pdf`;
}
