import type { Partner } from "./route-table";

/**
 * The payment methods each partner's page is about: its cards and its cafeteria points. A variant has a partner's
 * page where it takes one of them (server/variants/site-variants.ts), and the page lists those it takes.
 */
export const partnerMethodIds: Record<Partner, readonly string[]> = {
  up: ["up_card"],
  pluxee: ["pluxee_cafeteria"],
  edenred: ["edenred_card", "edenred_cafeteria"],
  "benefit-systems": ["benefit_systems"],
};
