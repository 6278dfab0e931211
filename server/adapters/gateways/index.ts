import { Router } from "express";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import { CafeteriaGateway } from "./cafeteria/cafeteria-gateway";
import { cafeteriaProtocolRouter, type CafeteriaSandboxPayment } from "./cafeteria/cafeteria-protocol-server";
import type { CafeteriaGatewayType } from "./cafeteria/cafeteria-protocol";
import { CsobGateway } from "./csob/csob-gateway";
import { csobProtocolRouter, type CsobSandboxPayment } from "./csob/csob-protocol-server";
import type { GatewayRecordStore, GatewayType, PaymentGateways } from "./payment-gateway";
import { isShopAddress } from "../../variants/shop-hosts";
import { renderSandboxPage } from "./sandbox/sandbox-page";
import { cafeteriaSandboxCredentials } from "./sandbox-keys/cafeteria-secrets";
import {
  SANDBOX_GATEWAY_PRIVATE_KEY_PEM,
  SANDBOX_GATEWAY_PUBLIC_KEY_PEM,
  SANDBOX_MERCHANT_PRIVATE_KEY_PEM,
  SANDBOX_MERCHANT_PUBLIC_KEY_PEM,
} from "./sandbox-keys";

/** Where the shop serves its sandbox gateways; browsers are sent there on the shop's own host. */
export const sandboxMountPath = "/sandbox-gateway";

const sandboxPaths: Record<GatewayType, string> = { CSOB: "csob", PLUXEE: "pluxee", EDENRED: "edenred" };
const csobApiVersionPath = "api/v1.9";
const sandboxCsobMerchantId = "SANDBOX01";

export interface GatewaySetup {
  gateways: PaymentGateways;
  /**
   * The sandbox that plays every gateway left unconfigured, to mount at `sandboxMountPath` where the api runs
   * (before any body parser: the gateways check signatures over raw bodies). Unset when all are real.
   */
  sandbox?: Router;
}

/**
 * One gateway per type: the real one where its settings are configured, else the sandbox speaking that gateway's
 * own protocol with public sandbox keys. The api reaches the sandbox over HTTP like any gateway; browsers reach it
 * by a root-relative path on the shop's host, and it sends them back only to the shop's own hosts, as the api's
 * PaymentStart does. The sandbox and the adapters' signed timestamps read `now`.
 */
export function createPaymentGateways(
  config: Config,
  sandboxStore: <T>(gateway: GatewayType) => GatewayRecordStore<T>,
  now: Clock
): GatewaySetup {
  const settings = config.gateways;
  const sandbox = Router();
  const acceptsReturnUrl = (address: string) => isShopAddress(address, config.domains);
  let sandboxUsed = false;
  const sandboxBase = (gateway: GatewayType) => {
    sandboxUsed = true;
    return {
      apiUrl: `${settings.sandboxUrl.replace(/\/+$/, "")}/${sandboxPaths[gateway]}`,
      publicUrl: `${sandboxMountPath}/${sandboxPaths[gateway]}`,
    };
  };

  const csob = (): CsobGateway => {
    if (settings.csob) return new CsobGateway({ ...settings.csob, now });
    const { apiUrl, publicUrl } = sandboxBase("CSOB");
    sandbox.use(
      `/${sandboxPaths.CSOB}/${csobApiVersionPath}`,
      csobProtocolRouter({
        merchants: { [sandboxCsobMerchantId]: SANDBOX_MERCHANT_PUBLIC_KEY_PEM },
        gatewayPrivateKeyPem: SANDBOX_GATEWAY_PRIVATE_KEY_PEM,
        store: sandboxStore<CsobSandboxPayment>("CSOB"),
        renderPage: renderSandboxPage,
        acceptsReturnUrl,
        now,
        slowMs: settings.sandboxSlowMs,
      })
    );
    return new CsobGateway({
      now,
      apiUrl: `${apiUrl}/${csobApiVersionPath}`,
      publicUrl: `${publicUrl}/${csobApiVersionPath}`,
      merchantId: sandboxCsobMerchantId,
      merchantPrivateKeyPem: SANDBOX_MERCHANT_PRIVATE_KEY_PEM,
      gatewayPublicKeyPem: SANDBOX_GATEWAY_PUBLIC_KEY_PEM,
    });
  };

  const cafeteria = (type: CafeteriaGatewayType): CafeteriaGateway => {
    const configured = type === "PLUXEE" ? settings.pluxee : settings.edenred;
    if (configured) return new CafeteriaGateway({ type, ...configured, now });
    const { apiUrl, publicUrl } = sandboxBase(type);
    const credentials = cafeteriaSandboxCredentials[type];
    sandbox.use(
      `/${sandboxPaths[type]}`,
      cafeteriaProtocolRouter({
        gatewayType: type,
        merchants: { [credentials.merchantId]: credentials.sharedSecret },
        store: sandboxStore<CafeteriaSandboxPayment>(type),
        renderPage: renderSandboxPage,
        publicUrl,
        acceptsReturnUrl,
        now,
      })
    );
    return new CafeteriaGateway({ type, apiUrl, publicUrl, ...credentials, now });
  };

  const gateways: PaymentGateways = { CSOB: csob(), PLUXEE: cafeteria("PLUXEE"), EDENRED: cafeteria("EDENRED") };
  return { gateways, sandbox: sandboxUsed ? sandbox : undefined };
}

/**
 * Origins of the configured gateways, where an order's form post is redirected to pay: the pages' CSP form-action
 * must name them, as browsers apply it to a form's redirects too. The sandbox is on the shop's own origin.
 */
export function gatewayOrigins(config: Config): string[] {
  const { csob, pluxee, edenred } = config.gateways;
  return [csob, pluxee, edenred].flatMap((settings) => (settings ? [new URL(settings.apiUrl).origin] : []));
}
