/**
 * The company that runs every variant and sells its stays in its own name (SPEC §1: a Czech company): the footer and
 * the contact page name it as a Czech business must on its website, and the order documents name it as their
 * supplier. Configured (server/config.ts, OPERATOR_*): it is whoever runs this deployment, and the demo defaults look
 * invented on purpose.
 */
export interface Operator {
  readonly name: string;
  readonly street: string;
  /** Postal code and town, as the seat is written on a line of its own. */
  readonly town: string;
  /** IČO: eight digits. */
  readonly companyId: string;
  /** Its commercial register entry; the sentence stating it is a text, so each language states it in its words. */
  readonly register: { readonly section: string; readonly entry: string };
  /** The VAT id its documents carry in each market: the Czech DIČ, and the NIP it is registered under in Poland. */
  readonly vatIds: { readonly CZK: string; readonly PLN: string };
}
