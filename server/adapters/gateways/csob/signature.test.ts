import { describe, expect, it } from "vitest";
import {
  SANDBOX_GATEWAY_PUBLIC_KEY_PEM,
  SANDBOX_MERCHANT_PRIVATE_KEY_PEM,
  SANDBOX_MERCHANT_PUBLIC_KEY_PEM,
} from "../sandbox-keys";
import {
  csobDttm,
  echoRequestText,
  echoResponseText,
  initRequestText,
  initResponseText,
  paymentRequestText,
  paymentResponseText,
  refundRequestText,
  returnText,
  signText,
  verifyText,
  type CsobInitRequest,
} from "./signature";

const init: CsobInitRequest = {
  merchantId: "A1029DTmM7",
  orderNo: "26000042",
  dttm: "20240115133456",
  payOperation: "payment",
  payMethod: "card",
  totalAmount: 150000,
  currency: "CZK",
  closePayment: true,
  returnUrl: "https://shop.example/payments/return?x=1",
  returnMethod: "GET",
  cart: [
    { name: "Hotel Praha", quantity: 1, amount: 140000, description: "2 nights" },
    { name: "Poplatek", quantity: 1, amount: 10000 },
  ],
  customer: { email: "jan@example.cz" },
  merchantData: "bWQ=",
  language: "cs",
};

describe("the text each eAPI 1.9 message signs", () => {
  it("payment/init: documented order, cart items flattened in order, customer items, absent optionals left out", () => {
    expect(initRequestText(init)).toBe(
      "A1029DTmM7|26000042|20240115133456|payment|card|150000|CZK|true|https://shop.example/payments/return?x=1|GET|" +
        "Hotel Praha|1|140000|2 nights|Poplatek|1|10000|jan@example.cz|bWQ=|cs"
    );
  });

  it("payment/init: every optional item in its place", () => {
    const full: CsobInitRequest = {
      ...init,
      closePayment: false,
      cart: [{ name: "Hotel", quantity: 2, amount: 150000 }],
      customer: { name: "Jan Novák", email: "jan@example.cz", mobilePhone: "+420.777111222" },
      customerId: "c-1",
      ttlSec: 600,
      logoVersion: 1,
      colorSchemeVersion: 2,
      customExpiry: "20240120000000",
    };
    expect(initRequestText(full)).toBe(
      "A1029DTmM7|26000042|20240115133456|payment|card|150000|CZK|false|https://shop.example/payments/return?x=1|GET|" +
        "Hotel|2|150000|Jan Novák|jan@example.cz|+420.777111222|bWQ=|c-1|cs|600|1|2|20240120000000"
    );
  });

  it("payment/init: payOperation, payMethod and closePayment may be absent in 1.9", () => {
    const minimal: CsobInitRequest = {
      ...init,
      payOperation: undefined,
      payMethod: undefined,
      closePayment: undefined,
    };
    expect(initRequestText({ ...minimal, customer: undefined, merchantData: undefined })).toBe(
      "A1029DTmM7|26000042|20240115133456|150000|CZK|https://shop.example/payments/return?x=1|GET|" +
        "Hotel Praha|1|140000|2 nights|Poplatek|1|10000|cs"
    );
  });

  it("payment/init answer", () => {
    expect(
      initResponseText({
        payId: "d165e3c4b624fBD",
        dttm: "20240115133457",
        resultCode: 0,
        resultMessage: "OK",
        paymentStatus: 1,
      })
    ).toBe("d165e3c4b624fBD|20240115133457|0|OK|1");
    expect(
      initResponseText({ dttm: "20240115133457", resultCode: 110, resultMessage: "Invalid parameter orderNo" })
    ).toBe("20240115133457|110|Invalid parameter orderNo");
  });

  it("payment/process, payment/status and payment/reverse: merchantId|payId|dttm", () => {
    expect(paymentRequestText({ merchantId: "A1029DTmM7", payId: "d165e3c4b624fBD", dttm: "20240115133456" })).toBe(
      "A1029DTmM7|d165e3c4b624fBD|20240115133456"
    );
  });

  it("payment/refund: with and without an amount", () => {
    const request = { merchantId: "A1029DTmM7", payId: "d165e3c4b624fBD", dttm: "20240115133456" };
    expect(refundRequestText({ ...request, amount: 5000 })).toBe("A1029DTmM7|d165e3c4b624fBD|20240115133456|5000");
    expect(refundRequestText(request)).toBe("A1029DTmM7|d165e3c4b624fBD|20240115133456");
  });

  it("status, reverse and refund answers", () => {
    const answer = { payId: "d165e3c4b624fBD", dttm: "20240115133457", resultCode: 0, resultMessage: "OK" };
    expect(paymentResponseText({ ...answer, paymentStatus: 4, authCode: "042760" })).toBe(
      "d165e3c4b624fBD|20240115133457|0|OK|4|042760"
    );
    expect(paymentResponseText({ ...answer, paymentStatus: 5, statusDetail: "reversed" })).toBe(
      "d165e3c4b624fBD|20240115133457|0|OK|5|reversed"
    );
  });

  it("the return to the e-shop", () => {
    const fields = { payId: "d165e3c4b624fBD", dttm: "20240115133500", resultCode: "0", resultMessage: "OK" };
    expect(returnText({ ...fields, paymentStatus: "4", authCode: "042760", merchantData: "bWQ=" })).toBe(
      "d165e3c4b624fBD|20240115133500|0|OK|4|042760|bWQ="
    );
    expect(returnText({ ...fields, paymentStatus: "3", merchantData: "bWQ=" })).toBe(
      "d165e3c4b624fBD|20240115133500|0|OK|3|bWQ="
    );
  });

  it("echo and its answer", () => {
    expect(echoRequestText({ merchantId: "A1029DTmM7", dttm: "20240115133456" })).toBe("A1029DTmM7|20240115133456");
    expect(echoResponseText({ dttm: "20240115133457", resultCode: 0, resultMessage: "OK" })).toBe(
      "20240115133457|0|OK"
    );
  });
});

describe("SHA256withRSA signatures", () => {
  it("match a known answer (RSA PKCS#1 v1.5 is deterministic; computed independently with openssl dgst -sha256)", () => {
    expect(signText("A1029DTmM7|1234567890|20240115133456", SANDBOX_MERCHANT_PRIVATE_KEY_PEM)).toBe(
      "MOsh4oCyXWbjAiX5/xW4oWGdxmSd2fvTHtzzBoZhebHbKwTR07/ID1MAwUWD6StUhZ59/pKwHxTh0wkH8sax9W7W37fYcZMhFFbyQhqDCJoLX0dfk1V0" +
        "ZcnQQUm3NoI9bhtP88w9SAj68YCPcMSDMHcRAisQDnI+knhJv0q9LhUrwdiF0sHR3XH4/FCqf3OdlqfYFFV9Wduw5uQK/CbZmeeFFPMrMBXxjuGD" +
        "WkZJ1bwhW47tPPCcNMWHsgtjJa3eCwX3Yd4gqKgc4HaK18qqcicxMr1S/GGzNAVbHIBijzZiarBrBjgc2hBn5eSCSDU7/g+8nxjwrayCja3Kfefnig=="
    );
  });

  it("sign the UTF-8 bytes of the text, as the documentation requires of non-ASCII characters", () => {
    expect(signText("žluťoučký kůň|1", SANDBOX_MERCHANT_PRIVATE_KEY_PEM)).toBe(
      "rz3WDiObIg+jVw/BhLJI0spbqK1+kDwSPiDMi+RwRZ5/Twuia87hpWBxPsG7sdj3SvGMx4cccIDNAtCKY2ayIpofsFa8hJ8cb4H6oixH557ar3iD" +
        "3B3tUIjT6YfHSDmmYJQy6LGMdX6m0GDMJ0LSQyBLJxu5hxsL46cHvlAmjflbRuXd5VHRNNLMd7TUE9ELM8n1F91U+aS+TVDVSjh3Yd0EBX+ul5IH" +
        "yqm0Sk5TZyf/7pmzaiycZ3eQXHWyRiLFq9V93wIfrCyWBXj/XC/rsVmofzG1jWSshoY2flDKn4c95ejFUEk+3H14R9bszxjyFqS9XnqRlb60c4814BtgJg=="
    );
  });

  it("verify with the signer's public key only, and only for the text signed", () => {
    const text = initRequestText(init);
    const signature = signText(text, SANDBOX_MERCHANT_PRIVATE_KEY_PEM);
    expect(verifyText(text, signature, SANDBOX_MERCHANT_PUBLIC_KEY_PEM)).toBe(true);
    expect(verifyText(text, signature, SANDBOX_GATEWAY_PUBLIC_KEY_PEM)).toBe(false);
    expect(verifyText(text.replace("150000", "1"), signature, SANDBOX_MERCHANT_PUBLIC_KEY_PEM)).toBe(false);
  });

  it("refuse a missing or malformed signature instead of throwing", () => {
    expect(verifyText("x", undefined, SANDBOX_MERCHANT_PUBLIC_KEY_PEM)).toBe(false);
    expect(verifyText("x", "", SANDBOX_MERCHANT_PUBLIC_KEY_PEM)).toBe(false);
    expect(verifyText("x", "not base64 at all!", SANDBOX_MERCHANT_PUBLIC_KEY_PEM)).toBe(false);
    expect(verifyText("x", "c2ln", "not a key")).toBe(false);
  });
});

describe("dttm", () => {
  it("is Prague wall-clock time: CET in winter, CEST in summer, across midnight and the year", () => {
    expect(csobDttm(new Date("2024-01-15T12:34:56Z"))).toBe("20240115133456");
    expect(csobDttm(new Date("2024-07-15T12:34:56Z"))).toBe("20240715143456");
    expect(csobDttm(new Date("2024-12-31T23:30:05Z"))).toBe("20250101003005");
    expect(csobDttm(new Date("2024-03-31T00:59:59Z"))).toBe("20240331015959");
    expect(csobDttm(new Date("2024-03-31T01:00:00Z"))).toBe("20240331030000");
  });
});
