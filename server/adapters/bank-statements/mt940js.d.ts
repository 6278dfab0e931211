/** mt940js ships no types; these are the parts of its 1.3 API the MT940 reader uses (node_modules/mt940js/lib). */
declare module "mt940js" {
  namespace mt940js {
    /** A parsed field: `id` is the tag's number (61, 86) or "NS"/"MB"; `data` is its whole text, lines joined by "\n". */
    interface Tag {
      readonly id: number | string;
      readonly data: string;
    }

    /** One :61: statement line (and its :86:). */
    interface Transaction {
      /** With sign (credit +, debit -, a reversal's turned), already rounded to 2 decimals. */
      readonly amount: number;
      /** The bank's reference after "//", "" when there is none. */
      readonly bankReference: string;
    }

    interface Statement {
      /** :25: */
      readonly accountIdentification: string;
      /** Of :60F:; the parser checks :62F: has the same. */
      readonly currency: string;
      readonly transactions: readonly Transaction[];
      /** Every field of the statement in file order, when `parse` was asked for them. */
      readonly tags?: readonly Tag[];
    }

    class Parser {
      constructor(options?: { no86Structure?: boolean });
      /** Throws an Error naming the tag when the text is not MT940, a mandatory tag is missing or the balances do not add up. */
      parse(data: string, withTags?: boolean): Statement[];
    }
  }
  export = mt940js;
}
