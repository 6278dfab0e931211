import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { languageOf, type Locale } from "../shared/route-table";

type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;

/**
 * The root data this browser tab last had. A post revalidates the root, so a connection that drops under a form's
 * navigation fails the root loader too, and its error page would lose the shell (header, footer, language); the
 * browser draws it from the data it last had, which changes only with the locale, and a locale change loads the
 * document whole. Never on the server, where a module's state would be every visitor's.
 */
let lastRootData: RootData | undefined;

/** The root loader's data: the error page's may be the tab's last (above); none on an error page no loader ran for. */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (typeof document === "undefined") return data;
  if (data) lastRootData = data;
  return data ?? lastRootData;
}

/** The request facts the root loader resolved; every component reads them from here. */
export function useShop() {
  const data = useRootData();
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
