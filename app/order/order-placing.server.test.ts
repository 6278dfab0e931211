import { create } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HotelOrderCreateResponseSchema } from "../../gen/dzb/shop/v1/shop_service_pb";
import { keepPlacing, placingOf } from "./order-placing.server";

describe("an order creation kept for the placing page", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const created = create(HotelOrderCreateResponseSchema, { ownerKey: "key" });

  it("is found by its preview for the session that sent the reservation only", async () => {
    const previewId = crypto.randomUUID();
    keepPlacing(previewId, "visitor", Promise.resolve(created));
    expect(placingOf(previewId.toUpperCase(), "visitor")).toBeDefined();
    expect(placingOf(previewId, "someone else")).toBeUndefined();
    expect(placingOf(crypto.randomUUID(), "visitor")).toBeUndefined();
  });

  it("tells how it ended once it has, the api's answer or its refusal, and is forgotten ten minutes later", async () => {
    const answered = crypto.randomUUID();
    let answer!: (value: typeof created) => void;
    keepPlacing(answered, "visitor", new Promise((resolve) => (answer = resolve)));
    const refused = crypto.randomUUID();
    const refusal = new Error("refused");
    keepPlacing(refused, "visitor", Promise.reject(refusal));

    expect(placingOf(answered, "visitor")?.ended).toBeUndefined();
    answer(created);
    await placingOf(answered, "visitor")?.done;
    expect(placingOf(answered, "visitor")?.ended).toEqual({ created });
    // A refusal ends the wait as an answer does: `done` never rejects.
    await expect(placingOf(refused, "visitor")?.done).resolves.toBeUndefined();
    expect(placingOf(refused, "visitor")?.ended).toEqual({ refusal });

    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
    expect(placingOf(answered, "visitor")).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(placingOf(answered, "visitor")).toBeUndefined();
    expect(placingOf(refused, "visitor")).toBeUndefined();
  });

  it("sent again, the newer creation is the one found, and the older one's end does not forget it", async () => {
    const previewId = crypto.randomUUID();
    keepPlacing(previewId, "visitor", Promise.resolve(created));
    await placingOf(previewId, "visitor")?.done;
    let answer!: (value: typeof created) => void;
    keepPlacing(previewId, "visitor", new Promise((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const found = placingOf(previewId, "visitor");
    expect(found).toBeDefined();
    expect(found?.ended).toBeUndefined();
    answer(created);
  });
});
