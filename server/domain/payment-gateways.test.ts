import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PaymentStatus } from "./order-status";
import {
  attemptStateAfter,
  gatewayOfMethod,
  isPayableNow,
  isSwitchable,
  paymentOutcome,
  paymentStatusOfAttempts,
} from "./payment-gateways";

const statuses: PaymentStatus[] = ["waiting", "cancelled", "rejected", "revoked", "refunded", "paid"];
const status = fc.constantFrom(...statuses);

describe("gateway of a method", () => {
  it("sends cards and the card-scheme benefit cards to ČSOB, Pluxee and Edenred to their own", () => {
    expect(["payment_card", "up_card", "benefit_systems"].map(gatewayOfMethod)).toEqual(["CSOB", "CSOB", "CSOB"]);
    expect(gatewayOfMethod("pluxee_cafeteria")).toBe("PLUXEE");
    expect(gatewayOfMethod("edenred_card")).toBe("EDENRED");
    expect(gatewayOfMethod("edenred_cafeteria")).toBe("EDENRED");
  });

  it("has none for a transfer or a voucher's credit", () => {
    expect(gatewayOfMethod("transfer")).toBeUndefined();
    expect(gatewayOfMethod("voucher")).toBeUndefined();
  });
});

describe("paying now at a gateway", () => {
  it("is offered for a gateway's payment not yet paid, also after a failed try, while the order is live", () => {
    for (const status of ["waiting", "cancelled", "rejected"] as const) {
      expect(isPayableNow("payment_card", status, "waiting")).toBe(true);
      expect(isPayableNow("edenred_card", status, "partially_paid")).toBe(true);
    }
  });

  it("is not offered once paid, without a gateway, or once the order is cancelled or refunded", () => {
    expect(isPayableNow("payment_card", "paid", "partially_paid")).toBe(false);
    expect(isPayableNow("transfer", "waiting", "waiting")).toBe(false);
    expect(isPayableNow("voucher", "waiting", "waiting")).toBe(false);
    for (const order of ["cancelled_by_user", "cancelled_automatically", "refunded_automatically"] as const) {
      expect(isPayableNow("payment_card", "waiting", order)).toBe(false);
    }
  });
});

describe("a try's state", () => {
  it("takes any report while undecided", () => {
    for (const reported of statuses) expect(attemptStateAfter("waiting", reported)).toBe(reported);
  });

  it("lets an approval only be reversed or refunded", () => {
    expect(attemptStateAfter("paid", "waiting")).toBe("paid");
    expect(attemptStateAfter("paid", "cancelled")).toBe("paid");
    expect(attemptStateAfter("paid", "rejected")).toBe("paid");
    expect(attemptStateAfter("paid", "revoked")).toBe("revoked");
    expect(attemptStateAfter("paid", "refunded")).toBe("refunded");
  });

  it("keeps every other end", () => {
    for (const end of ["cancelled", "rejected", "revoked", "refunded"] as const) {
      for (const reported of statuses) expect(attemptStateAfter(end, reported)).toBe(end);
    }
  });

  it("ends the same whatever order, and however often, the reports of one decision arrive", () => {
    // One decision (approved, declined or cancelled), reported by a return and by status answers, some replayed,
    // some older ("waiting"): the try ends in that decision.
    const decision = fc.constantFrom<PaymentStatus>("paid", "rejected", "cancelled");
    fc.assert(
      fc.property(decision, fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), (decided, isDecision) => {
        const reports = [...isDecision.map((yes) => (yes ? decided : "waiting")), decided];
        const shuffled = [...reports].reverse();
        expect(reports.reduce(attemptStateAfter, "waiting")).toBe(decided);
        expect(shuffled.reduce(attemptStateAfter, "waiting")).toBe(decided);
      })
    );
  });

  it("never leaves paid except to give the money back", () => {
    fc.assert(
      fc.property(fc.array(status), (reports) => {
        const states = reports.reduce<PaymentStatus[]>(
          (seen, reported) => [...seen, attemptStateAfter(seen.at(-1) ?? "waiting", reported)],
          []
        );
        const paidAt = states.indexOf("paid");
        if (paidAt >= 0)
          for (const later of states.slice(paidAt)) expect(["paid", "revoked", "refunded"]).toContain(later);
      })
    );
  });
});

describe("a payment's status from its tries", () => {
  it("waits before any try, and follows the latest try otherwise", () => {
    expect(paymentStatusOfAttempts([])).toBe("waiting");
    expect(paymentStatusOfAttempts(["rejected"])).toBe("rejected");
    expect(paymentStatusOfAttempts(["rejected", "waiting"])).toBe("waiting");
    expect(paymentStatusOfAttempts(["cancelled", "rejected"])).toBe("rejected");
  });

  it("is paid once any try is, even when a second approval was given back", () => {
    expect(paymentStatusOfAttempts(["rejected", "paid", "waiting"])).toBe("paid");
    expect(paymentStatusOfAttempts(["paid", "refunded"])).toBe("paid");
  });

  it("shows the money given back when no try still pays", () => {
    expect(paymentStatusOfAttempts(["rejected", "refunded"])).toBe("refunded");
    expect(paymentStatusOfAttempts(["revoked", "cancelled"])).toBe("revoked");
  });
});

describe("the outcome told after a return", () => {
  it("says paid only when the whole order is paid", () => {
    expect(paymentOutcome("paid", true)).toBe("paid");
    expect(paymentOutcome("paid", false)).toBe("partially_paid");
  });

  it("tells a cancel, a failure and an undecided payment apart", () => {
    expect(paymentOutcome("cancelled", false)).toBe("cancelled");
    expect(paymentOutcome("rejected", false)).toBe("failed");
    expect(paymentOutcome("waiting", false)).toBe("unknown");
  });

  it("is a failure when the approval was reversed or the money given back before the visitor returned", () => {
    expect(paymentOutcome("revoked", false)).toBe("failed");
    expect(paymentOutcome("refunded", true)).toBe("failed");
  });
});

describe("moving a payment to another method", () => {
  it("is allowed once a try at its gateway was declined or cancelled, and no try may still be paid", () => {
    expect(isSwitchable("edenred_card", "rejected", ["rejected"])).toBe(true);
    expect(isSwitchable("payment_card", "cancelled", ["rejected", "cancelled"])).toBe(true);
    // A try still undecided may yet pay the old amount at the old gateway.
    expect(isSwitchable("payment_card", "cancelled", ["waiting", "cancelled"])).toBe(false);
  });

  it("is never allowed for a payment not yet tried, paid or given back, nor for one paid without a gateway", () => {
    for (const unswitchable of ["waiting", "paid", "revoked", "refunded"] as const) {
      expect(isSwitchable("edenred_card", unswitchable, [unswitchable])).toBe(false);
    }
    expect(isSwitchable("transfer", "cancelled", [])).toBe(false);
    expect(isSwitchable("voucher", "rejected", [])).toBe(false);
  });
});
