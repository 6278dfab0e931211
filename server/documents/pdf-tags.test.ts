import { readFileSync, readdirSync } from "node:fs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { type InvoiceDocument, invoicePdf } from "./invoice";
import { BODY, Flow } from "./pdf-flow";
import { type ReadTags, type TagNode, elements, outline, readTags } from "./pdf-structure.test-helper";
import { termsPdf } from "./terms";
import { documentTranslator } from "./texts";
import { voucherPdf } from "./voucher";
import { sampleInvoice, sampleTerms, sampleVoucher as voucher } from "./sample-documents.test-helper";

/** The sample invoice to a customer without a VAT id, its room line named shorter. */
const invoice: InvoiceDocument = {
  ...sampleInvoice,
  customer: { name: "Žluťoučký kůň a.s.", address: ["Náměstí Míru 1", "602 00 Brno"], companyId: "87654321" },
  lines: [
    { item: { kind: "room", name: "Dvoulůžkový pokoj" }, quantity: 2, unitPrice: 500_000, vatRateBasisPoints: 1200 },
    { item: { kind: "service_fee" }, quantity: 1, unitPrice: 234_550, vatRateBasisPoints: 2100 },
  ],
};

const roles = (node: TagNode) => node.children.map((child) => child.role);
/** An element's text as the helper gives it: white space, the no-break spaces of titles too, collapsed. */
const collapsed = (text: string) => text.replace(/\s+/g, " ");
const all = (read: ReadTags) => read.pages.flatMap(elements);

/** What every tagged file declares: tagged, its language, its title shown in the viewer's title bar. */
function expectTagged(read: ReadTags, language: string, title: string): void {
  expect(read).toMatchObject({ marked: true, language, title, displayDocTitle: true });
  for (const page of read.pages) expect(page.role).toBe("Document");
  // Whatever a page paints is in the tree or an artifact: none is met nowhere.
  expect(read.unmarked).toEqual(read.pages.map(() => 0));
}

describe("tagged PDFs", () => {
  it("read an invoice as its title, its tables of parties, facts, lines and VAT, and its totals", async () => {
    const pdf = await invoicePdf(invoice, "cs");
    const read = await readTags(pdf);
    const title = documentTranslator("cs")("invoice.title.tax_document", { number: "26000042" });
    expectTagged(read, "cs-CZ", title);
    const [page] = read.pages;
    expect(roles(page)).toEqual(["H1", "Table", "P", "Table", "Table", "H2", "Table", "P", "H2", "Table", "P"]);
    const [heading, parties, , facts, lines, recapTitle, recap, total, paymentsTitle] = page.children;
    expect(heading.text).toBe(collapsed(title));
    expect(outline(parties)[2]).toBe("    TH Dodavatel");
    expect(parties.children[1].children.map((cell) => cell.role)).toEqual(["TD", "TD"]);
    expect(parties.children[1].children[1].text).toBe("Žluťoučký kůň a.s. Náměstí Míru 1 602 00 Brno IČO: 87654321");
    // Each fact's row headed by its label.
    for (const row of facts.children) expect(roles(row)).toEqual(["TH", "TD"]);
    expect(facts.children[0].children.map((cell) => cell.text)).toEqual(["Číslo dokladu", "26000042"]);
    expect(outline(lines)).toEqual([
      "Table",
      "  TR",
      "    TH Položka",
      "    TH Množství",
      "    TH Cena za MJ bez DPH",
      "    TH Sazba DPH",
      "    TH Základ daně",
      "    TH Celkem s DPH",
      "  TR",
      "    TD Ubytování – Dvoulůžkový pokoj",
      "    TD 2 ks",
      "    TD 4 464,29 Kč",
      "    TD 12 %",
      "    TD 8 928,57 Kč",
      "    TD 10 000,00 Kč",
      "  TR",
      "    TD Servisní poplatek",
      "    TD 1 ks",
      "    TD 1 938,43 Kč",
      "    TD 21 %",
      "    TD 1 938,43 Kč",
      "    TD 2 345,50 Kč",
    ]);
    expect(recapTitle.text).toBe("Rekapitulace DPH");
    expect(recap.children.map((row) => row.children.map((cell) => cell.role).join(" "))).toEqual([
      "TH TH TH TH",
      "TD TD TD TD",
      "TD TD TD TD",
    ]);
    expect(total.text).toBe("Celkem 12 345,50 Kč");
    expect(paymentsTitle.text).toBe("Platby");
    // pdf.js does not tell a header cell's scope; the file states it.
    const raw = Buffer.from(pdf).toString("latin1");
    expect(raw).toContain("/Scope /Column");
    expect(raw).toContain("/Scope /Row");
  });

  it("leave the rules and the page foot out of the tree, as artifacts", async () => {
    const read = await readTags(await invoicePdf(invoice, "cs"));
    expect(read.artifacts).toEqual(["Dovolená za benefity s.r.o. · Faktura – daňový doklad č. 26000042 Strana 1 z 1"]);
    expect(all(read).filter((element) => element.text.includes("Strana"))).toEqual([]);
    // Lines are drawn only as decoration; the tree holds text alone.
    expect(read.artifactPaints).toEqual([["path", "text"]]);
    expect(read.taggedPaints).toEqual([["text"]]);
  });

  it("give a payment request's QR code its words, after the transfer details it stands beside", async () => {
    const qrImage = await QRCode.toDataURL("SPD*1.0*ACC:CZ6508000000192000145399*AM:2345.50*CC:CZK", { margin: 0 });
    const request: InvoiceDocument = {
      ...invoice,
      document: {
        kind: "payment_request",
        payBy: new Date("2026-03-05T22:59:00Z"),
        transfers: [
          {
            account: "2000145399/2010",
            iban: "CZ6508000000192000145399",
            variableSymbol: "26000042",
            amount: 234_550,
            qrImage,
          },
        ],
      },
      payments: [
        { method: "edenred_card", amount: 1_000_000, paidOn: "2026-02-28" },
        { method: "transfer", amount: 234_550 },
      ],
      onSite: [{ name: "Poplatek z pobytu", amount: 12_000 }],
    };
    const read = await readTags(await invoicePdf(request, "en"));
    expectTagged(read, "en-GB", "Payment request No. 26000042");
    // The page's top level, from the transfer's heading on: its details, the caption, then the QR code.
    const top = read.pages.flatMap((page) => page.children);
    const transfer = top.slice(top.findIndex((element) => element.text === "Bank transfer details"));
    expect(transfer.slice(0, 4).map((element) => element.role)).toEqual(["H2", "Table", "P", "Figure"]);
    expect(transfer[1].children[0].children.map((cell) => [cell.role, cell.text])).toEqual([
      ["TH", "Account number"],
      ["TD", "2000145399/2010"],
    ]);
    expect(transfer[3].alt).toBe(documentTranslator("en")("invoice.transfer.qrAlt"));
    expect(read.taggedPaints[0]).toEqual(["image", "text"]);
    // What the hotel collects: a heading and a table of its own, after the QR code.
    expect(transfer.slice(4).map((element) => element.role)).toEqual(["H2", "Table"]);
    expect(outline(transfer[5])).toEqual(["Table", "  TR", "    TH Poplatek z pobytu", "    TD CZK 120.00"]);
  });

  it("read the order's terms as headings, paragraphs and a list of the payments still due", async () => {
    const read = await readTags(
      await termsPdf(
        {
          ...sampleTerms,
          // Two benefit payments and no transfer: the payments due are a list of two.
          benefitPayments: [
            ...sampleTerms.benefitPayments,
            { method: "up_card", amount: 234_550, payBy: new Date("2026-03-05T22:59:00Z") },
          ],
          transfer: undefined,
        },
        "cs"
      )
    );
    const title = documentTranslator("cs")("terms.title", { number: "26000042" });
    expectTagged(read, "cs-CZ", title);
    const tree = all(read);
    expect(tree.filter((element) => element.role === "H1").map((element) => element.text)).toEqual([collapsed(title)]);
    expect(tree.filter((element) => element.role === "H2").map((element) => element.text)).toEqual([
      "Objednávka",
      "Zrušení objednávky",
      "Platba",
      "Zákaznická podpora",
    ]);
    const list = tree.find((element) => element.role === "L")!;
    expect(outline(list)).toEqual([
      "L",
      "  LI",
      "    Lbl •",
      "    LBody Karta Edenred: 10 000,00 Kč, nejpozději 5. března 2026 v 23:59 SEČ",
      "  LI",
      "    Lbl •",
      "    LBody Karta Up: 2 345,50 Kč, nejpozději 5. března 2026 v 23:59 SEČ",
    ]);
  });

  for (const [layout, language, tag, title, artifacts] of [
    ["a4", "pl", "pl-PL", "Voucher na nocleg", ["image", "path"]],
    ["card", "cs", "cs-CZ", "Poukaz na ubytování", ["image", "path", "text"]],
  ] as const) {
    it(`read a voucher (${layout}) as its title, value, code, validity, QR code and steps`, async () => {
      const read = await readTags(await voucherPdf(voucher, language, layout));
      expectTagged(read, tag, `${title} 48213907`);
      const tree = all(read);
      // One title: the card's back repeats it as a paragraph.
      expect(tree.filter((element) => element.role === "H1").map((element) => element.text)).toEqual([title]);
      const texts = tree.filter((element) => element.role === "P").map((element) => element.text);
      expect(texts).toEqual(expect.arrayContaining(["48213907", "3 000,00 Kč"]));
      const figure = tree.find((element) => element.role === "Figure")!;
      expect(figure.alt).toBe(documentTranslator(language)("voucher.qrAlt", { url: voucher.checkUrl }));
      const list = tree.find((element) => element.role === "L")!;
      expect(list.children.map((item) => roles(item).join(" "))).toEqual(Array(4).fill("Lbl LBody"));
      expect(tree[tree.indexOf(list) - 1].role).toBe("H2");
      // The artwork and the code's tint (the card's fold marks and their words too) are decoration; the QR code,
      // drawn as squares, is the figure's.
      expect(read.artifactPaints).toEqual([artifacts]);
      expect(read.taggedPaints).toEqual([["path", "text"]]);
    });
  }

  it("keep a paragraph that runs onto the next page one paragraph", async () => {
    const flow = new Flow({ title: "Test", language: "en-GB", producer: "test", createdOn: "2026-03-02" });
    const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(" ");
    flow.paragraph(words, BODY);
    const pdf = await flow.finish("Test", (page, pages) => `Page ${page} of ${pages}`);
    const read = await readTags(pdf);
    expectTagged(read, "en-GB", "Test");
    expect(read.pages.length).toBeGreaterThan(1);
    for (const page of read.pages) expect(roles(page)).toEqual(["P"]);
    expect(read.pages.map((page) => page.text).join(" ")).toBe(words);
    // One P element (its content on both pages), not two: pdf.js gives each page's part without telling them apart.
    expect(Buffer.from(pdf).toString("latin1").match(/\/S \/P\n/g)).toHaveLength(1);
  });
});

describe("the committed legal PDFs", () => {
  const root = new URL("../../public/documents/", import.meta.url);
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".pdf"));
  const tags = { cs: "cs-CZ", pl: "pl-PL", en: "en-GB" } as const;
  const pageLabel = { cs: "Strana", pl: "Strona", en: "Page" } as const;
  const brands: Record<string, string> = {
    "dzb-cz": "Dovolená za benefity",
    "dzb-wl-pluxee-cz": "Dovolená za benefity × Pluxee",
    "dzb-pl": "Urlop za benefity",
  };

  it("are the 16 of the three variants", () => expect(files).toHaveLength(16));

  for (const file of files) {
    it(`${file} is tagged, in its language, titled by its heading`, async () => {
      const [variant, language] = file.split("/") as [string, keyof typeof tags];
      const read = await readTags(readFileSync(new URL(file, root)));
      const [heading] = read.pages[0].children;
      expect(heading.role).toBe("H1");
      expectTagged(read, tags[language], `${heading.text} – ${brands[variant]}`);
      expect(all(read).filter((element) => element.role === "H2").length).toBeGreaterThan(0);
      read.artifacts.forEach((foot, i) => expect(foot).toContain(`${pageLabel[language]} ${i + 1} `));
    });
  }
});
