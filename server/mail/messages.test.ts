import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDeadline, formatExactMoney } from "../../shared/formats";
import type { Language } from "../../shared/route-table";
import {
  bookingConfirmedMail,
  bookingFailedMail,
  orderCancelledUnpaidMail,
  orderCancelledWithVoucherMail,
  orderConfirmationMail,
  paymentReceivedMail,
  type MailContent,
  type MailOrder,
} from "./messages";

const languages: Language[] = ["cs", "pl", "en"];

const czechOrder: MailOrder = {
  bought: "stay",
  orderNumber: "26000042",
  customerFirstName: "Jiří",
  hotelName: '<Hotel & "Spa">',
  checkIn: "2026-03-01",
  checkOut: "2026-03-04",
  rooms: [
    { name: "Double room", mealPlan: "breakfast_included" },
    { name: "Suite", mealPlan: null },
  ],
  adults: 3,
  children: 1,
  totalMinor: 1_234_550,
  currency: "CZK",
  payments: [
    { methodName: "Edenred Benefity Café", amountMinor: 1_000_000, state: "paid" },
    { methodName: "Bank transfer", amountMinor: 234_550, state: "waiting" },
  ],
  owed: {
    payBy: new Date("2026-02-20T22:59:00Z"),
    transfer: {
      account: "2000145399/2010",
      iban: "CZ6520100000002000145399",
      variableSymbol: "26000042",
      amountMinor: 234_550,
    },
  },
  statusUrl: "https://dovolenazabenefity.cz/objednavka/26000042?token=a1&lang=cs",
  brand: {
    name: "Dovolená za benefity",
    supportEmail: "info@dovolenazabenefity.cz",
    supportPhone: "+420 222 333 444",
    shopUrl: "https://dovolenazabenefity.cz",
  },
};

const polishOrder: MailOrder = {
  ...czechOrder,
  orderNumber: "26000777",
  currency: "PLN",
  totalMinor: 123_400,
  payments: [{ methodName: "Karta", amountMinor: 123_400, state: "paid" }],
  owed: undefined,
  statusUrl: "https://urlopzabenefity.pl/zamowienie/26000777",
  brand: { ...czechOrder.brand, name: "Urlop za benefity", shopUrl: "https://urlopzabenefity.pl" },
};

const voucher = { code: "48151623", valueMinor: 1_000_000, validUntil: "2027-02-28" };

/** Every mail, for one order and language. */
function allMails(order: MailOrder, lang: Language): Record<string, MailContent> {
  return {
    confirmation: orderConfirmationMail(order, lang),
    paymentReceived: paymentReceivedMail(order, lang, {
      methodName: "Edenred Benefity Café",
      amountMinor: 1_000_000,
      remainingMinor: 234_550,
    }),
    bookingConfirmed: bookingConfirmedMail(order, lang),
    bookingFailed: bookingFailedMail(order, lang),
    cancelledWithVoucher: orderCancelledWithVoucherMail(order, lang, voucher),
    cancelledUnpaid: orderCancelledUnpaidMail(order, lang),
  };
}

/** Non-breaking and narrow spaces as plain ones, so expectations can be typed. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const totals: Record<Language, string> = { cs: "12 345,50 Kč", pl: "12 345,50 CZK", en: "CZK 12,345.50" };

describe("mail messages", () => {
  it.each(languages)("name the order and link its status page in every mail (%s)", (lang) => {
    for (const [name, mail] of Object.entries(allMails(czechOrder, lang))) {
      expect(mail.subject, name).toContain("26000042");
      expect(mail.text, name).toContain("26000042");
      expect(mail.html, name).toContain("26000042");
      expect(mail.text, name).toContain(czechOrder.statusUrl);
      expect(mail.html, name).toContain(`href="${czechOrder.statusUrl.replace(/&/g, "&amp;")}"`);
      expect(mail.html, name).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${lang}">`));
      expect(mail.text + mail.html, name).not.toContain("{{");
      expect(mail.text, name).toContain(czechOrder.brand.supportEmail);
    }
  });

  it.each(languages)("escape every value in the HTML part, and keep it as it is in the text (%s)", (lang) => {
    const mails = allMails(czechOrder, lang);
    for (const [name, mail] of Object.entries(mails)) {
      expect(mail.html, name).not.toContain("<Hotel");
      expect(mail.html, name).not.toContain('"Spa"');
    }
    for (const mail of [mails.confirmation!, mails.bookingConfirmed!, mails.bookingFailed!]) {
      expect(mail.html).toContain("&lt;Hotel &amp; &quot;Spa&quot;&gt;");
      expect(mail.text).toContain('<Hotel & "Spa">');
    }
  });

  it.each(languages)("confirm the order with stay, payments and the transfer to send (%s)", (lang) => {
    const { text, html } = orderConfirmationMail(czechOrder, lang);
    for (const part of [plain(text), plain(html)]) {
      expect(part).toContain(totals[lang]);
      expect(part).toContain(plain(formatExactMoney(234_550, "CZK", lang)));
      expect(part).toContain("Edenred Benefity Café");
      expect(part).toContain("2000145399/2010");
      expect(part).toContain("CZ65 2010 0000 0020 0014 5399");
      expect(part).toContain(plain(formatDeadline(new Date("2026-02-20T22:59:00Z"), lang, "Europe/Prague")));
      expect(part).toContain(plain(formatCalendarDate("2026-03-01", lang, { weekday: true })));
    }
    expect(html).toMatch(/<caption[^>]*>[^<]+<\/caption><thead><tr><th scope="col"/);
    expect(html.match(/<tr><td /g)).toHaveLength(2);
  });

  it("say per language that transfer-paid rooms wait for the money, and how many of everything", () => {
    expect(plain(orderConfirmationMail(czechOrder, "cs").text)).toContain(
      "Pokoje hrazené převodem u hotelu zarezervujeme až poté, co platba dorazí na náš účet."
    );
    const czech = plain(orderConfirmationMail(czechOrder, "cs").text);
    expect(czech).toContain("Variabilní symbol: 26000042");
    expect(czech).toContain("3 noci");
    expect(czech).toContain("2 pokoje");
    expect(czech).toContain("3 dospělí, 1 dítě");
    expect(czech).toContain("Double room, Se snídaní");
    expect(czech).toMatch(/^Dobrý den,$/m);

    const polish = plain(orderConfirmationMail({ ...czechOrder, currency: "PLN", adults: 5, children: 2 }, "pl").text);
    expect(polish).toContain("Tytuł przelewu: 26000042");
    expect(polish).toContain("3 noce");
    expect(polish).toContain("5 dorosłych, 2 dzieci");
    expect(polish).toContain("Dzień dobry, Jiří,");

    const english = orderConfirmationMail(
      { ...czechOrder, checkOut: "2026-03-02", rooms: [czechOrder.rooms[1]!], adults: 1, children: 0 },
      "en"
    ).text;
    expect(english).toContain("1 night");
    expect(english).toContain("Rooms: 1 room");
    expect(english).toMatch(/^Guests: 1 adult$/m);
    expect(english).toContain("only once the money has arrived");
  });

  it("leave out the transfer when none is due", () => {
    const { text } = orderConfirmationMail(polishOrder, "pl");
    expect(plain(text)).toContain("1 234,00 zł");
    expect(text).not.toContain("IBAN");
    expect(text).not.toContain("przelewem zarezerwujemy");
  });

  it("tell what a payment paid and what remains", () => {
    const partly = plain(
      paymentReceivedMail(czechOrder, "cs", { methodName: "Karta", amountMinor: 1_000_000, remainingMinor: 234_550 })
        .text
    );
    expect(partly).toContain("10 000,00 Kč (Karta)");
    expect(partly).toContain("Zbývá doplatit 2 345,50 Kč.");
    const fully = paymentReceivedMail(polishOrder, "en", {
      methodName: "Card",
      amountMinor: 123_400,
      remainingMinor: 0,
    });
    expect(plain(fully.text)).toContain("PLN 1,234.00 (Card)");
    expect(fully.text).toContain("paid in full");
  });

  it.each(languages)("give the support contacts when the booking failed (%s)", (lang) => {
    const { text, html } = bookingFailedMail(czechOrder, lang);
    for (const part of [text, html]) {
      expect(part).toContain("info@dovolenazabenefity.cz");
      expect(part).toContain("+420 222 333 444");
    }
  });

  it("state the transfer's deadline with its time and the market's zone, where the text used to give only a day", () => {
    expect(plain(orderConfirmationMail(czechOrder, "cs").text)).toContain(
      "nejpozději 20. února 2026 v 23:59 SEČ na účet níže"
    );
    const polishTransfer = { ...czechOrder, currency: "PLN" as const };
    const text = plain(orderConfirmationMail(polishTransfer, "pl").text);
    expect(text).toContain("najpóźniej do 20 lutego 2026 23:59 CET na poniższe konto");
    expect(text).toContain("Termin płatności: 20 lutego 2026 23:59 CET");
  });

  it("tell an order owing a benefit payment, with no transfer, by when to pay it; a paid order nothing of the kind", () => {
    const benefitLater: MailOrder = { ...czechOrder, owed: { payBy: new Date("2026-02-20T22:59:00Z") } };
    expect(plain(orderConfirmationMail(benefitLater, "cs").text)).toContain(
      "Co zbývá zaplatit online, zaplaťte prosím nejpozději 20. února 2026 v 23:59 SEČ."
    );
    expect(plain(orderConfirmationMail({ ...benefitLater, currency: "PLN" }, "pl").text)).toContain(
      "najpóźniej do 20 lutego 2026 23:59 CET"
    );
    expect(orderConfirmationMail({ ...czechOrder, owed: undefined }, "en").text).not.toMatch(/ by \d/);
  });

  it.each(languages)("give the voucher's code, value and validity when cancelling with one (%s)", (lang) => {
    const { subject, text, html } = orderCancelledWithVoucherMail(polishOrder, lang, voucher);
    expect(subject).toContain("26000777");
    for (const part of [plain(text), plain(html)]) {
      expect(part).toContain("48151623");
      expect(part).toContain(plain(formatExactMoney(1_000_000, "PLN", lang)));
      expect(part).toContain(plain(formatCalendarDate("2027-02-28", lang)));
      expect(part).toContain("https://urlopzabenefity.pl");
    }
  });

  it("mention refunds on an automatic cancellation only when something was paid", () => {
    const paid = plain(orderCancelledUnpaidMail(czechOrder, "en").text);
    expect(paid).toContain("refunded");
    expect(paid).toContain("Edenred Benefity Café | CZK 10,000.00 | Paid");
    const unpaid = orderCancelledUnpaidMail(
      { ...czechOrder, payments: [{ methodName: "Bank transfer", amountMinor: 1_234_550, state: "cancelled" }] },
      "en"
    ).text;
    expect(unpaid).not.toContain("refunded");
    expect(unpaid).toContain("not paid in time");
  });
});
