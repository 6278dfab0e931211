import type { CafeteriaGatewayType } from "../cafeteria/cafeteria-protocol";

/**
 * The merchant credentials of the sandbox cafeteria gateways the shop serves itself. Public on purpose: they guard
 * only make-believe money, and the sandbox and the shop's adapter must agree on them without any configuration. A
 * real provider's secret comes from configuration and never from here.
 */
export const cafeteriaSandboxCredentials = {
  PLUXEE: {
    merchantId: "shop-sandbox-pluxee",
    sharedSecret: "50fab3f1771e6eba4960d5899ed483bdf945907eda82d1cd0d20350ddf33a5fa",
  },
  EDENRED: {
    merchantId: "shop-sandbox-edenred",
    sharedSecret: "9ca171f3e7299bf2c7083e23ec5396dceac1c6a8a3247458cb261c44aa1d0b74",
  },
} as const satisfies Record<CafeteriaGatewayType, { merchantId: string; sharedSecret: string }>;
