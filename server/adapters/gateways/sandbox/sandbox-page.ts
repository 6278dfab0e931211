import { escapeHtml } from "../../../../shared/html-escape";
import type { GatewayType, SandboxPageRenderer, SandboxPaymentView } from "../payment-gateway";

/**
 * The payment page of the sandbox gateways: one face per gateway (its name and colour), the amount and order, and
 * the four ways a real payment ends: approved, declined by the bank, cancelled by the visitor, or not decided yet
 * ("decide later", which the shop learns only by asking the gateway). A plain form, so it works without JavaScript.
 * It plays an outside system for development and tests, so it speaks English only, as the gateways' test pages do.
 */

const faces: Record<GatewayType, { name: string; colour: string }> = {
  CSOB: { name: "ČSOB payment gateway", colour: "#0b3d91" },
  PLUXEE: { name: "Pluxee", colour: "#221c46" },
  EDENRED: { name: "Edenred", colour: "#e4002b" },
};

const decisions = [
  ["approve", "Approve payment"],
  ["decline", "Decline (the bank refuses)"],
  ["cancel", "Cancel and return to the shop"],
  ["later", "Decide later"],
] as const;

export const renderSandboxPage: SandboxPageRenderer = (payment, decideUrl) => {
  const face = faces[payment.gateway];
  const buttons = decisions
    .map(([value, label]) => `<button type="submit" name="decision" value="${value}">${escapeHtml(label)}</button>`)
    .join("\n        ");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(face.name)} (sandbox)</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d1d1f; }
      header { background: ${face.colour}; color: #fff; padding: 1rem 1.25rem; }
      main { max-width: 28rem; margin: 1.5rem auto; padding: 0 1.25rem; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
      dt { font-weight: 600; }
      form { display: grid; gap: 0.75rem; margin-top: 1.5rem; }
      button { font: inherit; padding: 0.8rem 1rem; border-radius: 0.5rem; border: 1px solid #8a8f98; background: #fff; }
      button[value="approve"] { background: ${face.colour}; color: #fff; border-color: ${face.colour}; }
    </style>
  </head>
  <body>
    <header><strong>${escapeHtml(face.name)}</strong> · sandbox, no real money moves</header>
    <main>
      <h1>Payment ${escapeHtml(payment.orderNumber)}</h1>
      <dl>
        <dt>Amount</dt><dd data-testid="sandbox-amount">${escapeHtml(amountText(payment))}</dd>
        <dt>For</dt><dd>${escapeHtml(payment.description)}</dd>
        <dt>Reference</dt><dd>${escapeHtml(payment.ref)}</dd>
      </dl>
      <form method="post" action="${escapeHtml(decideUrl)}">
        ${buttons}
      </form>
    </main>
  </body>
</html>`;
};

/** Integer arithmetic only: minor units split into whole units and two decimals. */
function amountText({ amount, currency }: SandboxPaymentView): string {
  const whole = Math.trunc(amount / 100);
  const cents = String(amount % 100).padStart(2, "0");
  return `${whole}.${cents} ${currency}`;
}
