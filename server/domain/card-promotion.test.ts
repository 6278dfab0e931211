import { describe, expect, it } from "vitest";
import { CARD_PROMOTION_LAST_DAY, cardPromotionBonus } from "./card-promotion";

describe("card promotion", () => {
  it("gives 10 % of what the card pays", () => {
    expect(cardPromotionBonus("payment_card", 1_000_000, "2024-06-01")).toEqual({ bonus: 100_000, bonusPercent: 10 });
  });

  it("rounds the bonus half up", () => {
    expect(cardPromotionBonus("payment_card", 5, "2024-06-01")).toEqual({ bonus: 1, bonusPercent: 10 });
    expect(cardPromotionBonus("payment_card", 4, "2024-06-01")).toEqual({ bonus: 0, bonusPercent: 10 });
    expect(cardPromotionBonus("payment_card", 14_449, "2024-06-01").bonus).toBe(1445);
  });

  it("counts at most 22000 of the currency, so the bonus stops at 2200", () => {
    expect(cardPromotionBonus("payment_card", 2_199_999, "2024-06-01").bonus).toBe(220_000);
    expect(cardPromotionBonus("payment_card", 2_200_000, "2024-06-01").bonus).toBe(220_000);
    expect(cardPromotionBonus("payment_card", 2_200_001, "2024-06-01").bonus).toBe(220_000);
    expect(cardPromotionBonus("payment_card", 9_000_000, "2024-06-01")).toEqual({ bonus: 220_000, bonusPercent: 10 });
  });

  it("still applies on its last day", () => {
    expect(CARD_PROMOTION_LAST_DAY).toBe("2024-12-31");
    expect(cardPromotionBonus("payment_card", 1000, "2024-12-31")).toEqual({ bonus: 100, bonusPercent: 10 });
  });

  it("no longer applies from 2025", () => {
    expect(cardPromotionBonus("payment_card", 1000, "2025-01-01")).toEqual({ bonus: 0, bonusPercent: 0 });
    expect(cardPromotionBonus("payment_card", 1000, "2026-11-21")).toEqual({ bonus: 0, bonusPercent: 0 });
  });

  it("gives nothing to other methods", () => {
    for (const methodId of [
      "edenred_card",
      "edenred_cafeteria",
      "pluxee_cafeteria",
      "up_card",
      "benefit_systems",
      "transfer",
    ]) {
      expect(cardPromotionBonus(methodId, 1000, "2024-06-01")).toEqual({ bonus: 0, bonusPercent: 0 });
    }
  });

  it("gives nothing when the card pays nothing", () => {
    expect(cardPromotionBonus("payment_card", 0, "2024-06-01")).toEqual({ bonus: 0, bonusPercent: 0 });
  });

  it("refuses a date that is not YYYY-MM-DD, and says which", () => {
    expect(() => cardPromotionBonus("payment_card", 1000, "2024-12-31T23:00")).toThrow(
      new RangeError('today "2024-12-31T23:00" is not a YYYY-MM-DD date')
    );
    expect(() => cardPromotionBonus("payment_card", 1000, "")).toThrow(RangeError);
  });
});
