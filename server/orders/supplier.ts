/**
 * The operator as the order documents name it: the company that sells every variant's stays in its own name and so
 * issues their invoices (configured, server/variants/operator.ts; the web's footer and contact page show it too), the
 * shop's name in each variant, and the VAT scheme its stays are sold under.
 */

import type { InvoiceDocument, InvoiceSupplier } from "../documents/invoice";
import { type DocumentLanguage, documentTranslator } from "../documents/texts";
import { marketCurrency, type ProductKey } from "../domain/products";
import type { Operator } from "../variants/operator";
import { siteVariants } from "../variants/site-variants";

/** The seat's country, so a customer abroad sees at once where the supplier is; in the document's language. */
const seatCountry: Record<DocumentLanguage, string> = { cs: "Česká republika", pl: "Czechy", en: "Czech Republic" };

/**
 * The supplier block of an invoice of the variant, in the document's language. The Polish variant sells to Polish
 * customers under the Polish margin scheme, for which the company is registered for VAT in Poland: its invoices name
 * that NIP, not the Czech DIČ.
 */
export function invoiceSupplier(operator: Operator, product: ProductKey, language: DocumentLanguage): InvoiceSupplier {
  return {
    name: operator.name,
    address: [operator.street, operator.town, seatCountry[language]],
    companyId: operator.companyId,
    vatId: operator.vatIds[marketCurrency[product]],
    registration: documentTranslator(language)("supplier.registration", operator.register),
  };
}

/** The shop's name in each variant (its brand, the one name the host goes by in every language). */
export const shopNames: Record<ProductKey, string> = {
  DZB_CZ: siteVariants.DZB_CZ.brandName,
  DZB_WL_PLUXEE_CZ: siteVariants.DZB_WL_PLUXEE_CZ.brandName,
  DZB_PL: siteVariants.DZB_PL.brandName,
};

/**
 * Hotel stays are sold under the travel-agent margin scheme (§ 89 of the Czech VAT Act 235/2004 Sb., art. 119 of the
 * Polish ustawa o VAT, art. 306 of Directive 2006/112/EC): the operator buys the accommodation from the hotel in its
 * own name and resells it to the traveller, and such a resale is a travel service taxed on the operator's margin only.
 * That tax (at the standard rate) is worked out over a tax period for the VAT return, not per sale, and is not stated
 * on the invoice; so the lines carry no rate and the document prints the scheme's wording instead (invoice.ts). The
 * service fee and the cancellation insurance are sold with the stay as one travel service, so one scheme covers the
 * whole invoice, as InvoiceDocument requires. The 12 % (CZ) or 8 % (PL) accommodation rate is a hotel's own rate
 * when it sells its rooms itself; the operator never does.
 */
export const hotelStayVatScheme = "travel_margin" satisfies InvoiceDocument["vatScheme"];
