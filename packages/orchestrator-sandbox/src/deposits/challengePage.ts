import { escapeHtml } from '../support/escapeHtml.js';
import type { SandboxDeposit } from '../types.js';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.75rem;cursor:pointer}
.outcome{font-size:1.2rem;font-weight:600}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

function details(deposit: SandboxDeposit): string {
  return `<dl>
<dt>Amount</dt><dd>${escapeHtml(deposit.amount)} ${escapeHtml(deposit.currency)}</dd>
<dt>Card</dt><dd>${escapeHtml(deposit.card_brand)} ending in ${escapeHtml(deposit.card_last4)}</dd>
<dt>Order</dt><dd>${escapeHtml(deposit.order_id)}</dd>
</dl>`;
}

/** The 3-D Secure challenge: a plain form, no script, so it works wherever forms may post. */
export function challengePage(deposit: SandboxDeposit): string {
  if (deposit.status !== 'in_process') return outcomePage(deposit);
  return page(
    '3-D Secure verification',
    `<p>Sandbox Bank asks you to confirm this payment.</p>
${details(deposit)}
<form method="post">
<button type="submit" name="outcome" value="approve">Approve</button>
<button type="submit" name="outcome" value="fail">Fail</button>
</form>`,
  );
}

export function outcomePage(deposit: SandboxDeposit): string {
  const text =
    deposit.status === 'approved'
      ? 'Payment approved'
      : deposit.status === 'declined'
        ? `Payment declined${deposit.decline_reason ? `: ${deposit.decline_reason}` : ''}`
        : 'Payment in process';
  return page(
    '3-D Secure verification',
    `<p class="outcome" role="status" data-status="${escapeHtml(deposit.status)}">${escapeHtml(text)}</p>
${details(deposit)}
<p>You can close this window.</p>`,
  );
}

export function notFoundPage(): string {
  return page('Payment not found', '<p>There is no payment waiting for verification here.</p>');
}
