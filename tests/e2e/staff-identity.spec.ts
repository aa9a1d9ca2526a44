import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '@payouts/test-idp';
import { startE2eApp, type E2eApp } from './support/app.js';
import { seriousAxeViolations } from './support/axe.js';
import { releaseBrowser, sharedBrowser, openPage, type WatchedPage } from './support/browser.js';
import { createPayoutViaApi, northwindBankPayout } from './support/payoutsApi.js';
import { readmeScreenshot, SCREENSHOT_VIEWPORT } from './support/screenshots.js';
import { apiClientAs, signIn, type DemoUser } from './support/signIn.js';

/** Step-up lasts 3 s here, so a journey can let it go stale without waiting minutes. */
const STEP_UP_MS = 3_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

describe('staff identity: single sign-on, a second factor, and step-up before approving', () => {
  let idp: TestIdp;
  let app: E2eApp;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    idp = await startTestIdp({
      clients: [
        {
          client_id: 'payouts-e2e',
          client_secret: 'payouts-e2e-secret',
          redirect_uris: [`${publicUrl}/api/auth/oidc/callback`],
        },
      ],
      accounts: [
        {
          login: 'grace',
          password: 'grace-password',
          email: 'grace@idp.example',
          name: 'Grace Hopper',
          groups: ['staff', 'payouts-finance'],
        },
      ],
    });
    [app, browser] = await Promise.all([
      startE2eApp({
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        APPROVAL_THRESHOLDS: 'EUR=1000,*=5000',
        AUTH_MODE: 'both',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'payouts-e2e',
        OIDC_CLIENT_SECRET: 'payouts-e2e-secret',
        OIDC_PROVIDER_NAME: 'Acme SSO',
        OIDC_ROLE_MAP: 'payouts-finance=finance,payouts-admin=admin',
        STEP_UP_MINUTES: String(STEP_UP_MS / 60_000),
      }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await app?.stop();
    await idp?.stop();
  });

  async function open(): Promise<WatchedPage> {
    return openPage(browser, app.url, { viewport: SCREENSHOT_VIEWPORT });
  }

  /** A payout above the EUR threshold made by finance2 (no factor: never asked to step up). */
  async function payoutAwaitingApproval(amount: string): Promise<string> {
    const seller = await apiClientAs(app.url, 'finance2@example.com');
    const reply = await createPayoutViaApi(
      seller,
      app.url,
      northwindBankPayout(`SI-${randomUUID().slice(0, 8)}`, amount, 'Ada', 'Lovelace'),
    );
    expect(reply.status).toBe(201);
    await seller.dispose();
    return (reply.body as { id: string }).id;
  }

  /** Signs in through the sign-in page, landing on the security page. */
  async function signInToSecurity(page: Page, email: DemoUser): Promise<void> {
    await signIn(page, email, '/security');
    await page.getByRole('heading', { level: 2, name: 'Second factor' }).waitFor();
  }

  /** Approve on the payout's page; the step-up dialog opens because the factor went stale. */
  async function approveAsksForStepUp(page: Page, payoutId: string) {
    await page.waitForTimeout(STEP_UP_MS + 200);
    await page.goto(`/payouts/${payoutId}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    return dialog;
  }

  it('signs in through the company provider and lands on the overview with the mapped role', async () => {
    const { page, unexpectedErrors } = await open();
    await page.goto('/sign-in');
    const sso = page.getByRole('link', { name: 'Sign in with Acme SSO' });
    await sso.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await sso.click();
    // The provider's own login page.
    await page.getByLabel('Username').fill('grace');
    await page.getByLabel('Password').fill('grace-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const me = (await (await page.request.get('/api/session')).json()) as {
      user: { email: string; role: string };
      security: { auth_method: string };
    };
    expect(me.user).toMatchObject({ email: 'grace@idp.example', role: 'finance' });
    expect(me.security.auth_method).toBe('oidc');
    expect(unexpectedErrors).toEqual([]);
  });

  it('refuses a callback link started in another browser: the victim is not signed into the attacker’s account', async () => {
    // The attacker signs in at the provider and keeps the callback link the provider sends back.
    const attacker = await open();
    let link: string | undefined;
    attacker.page.on('response', (response) => {
      const location = response.headers()['location'];
      if (location?.includes('/api/auth/oidc/callback')) link = location;
    });
    await attacker.page.goto('/api/auth/oidc/start');
    await attacker.page.getByLabel('Username').fill('grace');
    await attacker.page.getByLabel('Password').fill('grace-password');
    await attacker.page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => link).toBeDefined();
    await attacker.context.close();

    // The victim opens the link in their own browser: back to sign-in, no session.
    const victim = await open();
    await victim.page.goto(link!);
    await victim.page.waitForURL(/\/sign-in\?error=provider_error/);
    await victim.page.getByRole('alert').waitFor();
    expect((await victim.page.request.get('/api/session')).status()).toBe(401);
    expect(victim.unexpectedErrors).toEqual([]);
  });

  it('enrols an authenticator app, approves with a step-up code, and locks after five wrong codes', async () => {
    const watched = await open();
    const { page } = watched;
    watched.expectError('status of 403');
    watched.expectError('status of 422');
    watched.expectError('status of 429');
    await signInToSecurity(page, 'finance@example.com');
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Enter the 6-digit code').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('dialog', { name: /recovery codes/i });
    await codes.waitFor();
    await codes.getByRole('button', { name: /saved/i }).click();
    await page.getByRole('table', { name: 'Your second factors' }).waitFor();

    // The factor is stale after STEP_UP_MS: approving asks for a code, then goes ahead.
    const payoutId = await payoutAwaitingApproval('2500.00');
    const dialog = await approveAsksForStepUp(page, payoutId);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreenshot(page, 'step-up.png');
    // The code of the next step: the one used to enrol cannot be used twice.
    await dialog.getByLabel('Authenticator code').fill(await totpCode(secret, 1));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/^Approved by Fin Ance/).waitFor();

    // Five wrong codes lock the authenticator app.
    const second = await payoutAwaitingApproval('3000.00');
    const again = await approveAsksForStepUp(page, second);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await again.getByLabel('Authenticator code').fill('000000');
      await again.getByRole('button', { name: 'Confirm' }).click();
      await again.getByRole('alert').waitFor();
    }
    await again
      .getByRole('alert')
      .getByText(/locked/i)
      .waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    expect(watched.unexpectedErrors).toEqual([]);
  });

  it('registers a passkey with a virtual authenticator and approves with it', async () => {
    const watched = await open();
    const { page, context } = watched;
    watched.expectError('status of 403');
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signInToSecurity(page, 'admin@example.com');
    await page.getByLabel('Name (optional)').fill('Laptop key');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    const codes = page.getByRole('dialog', { name: /recovery codes/i });
    await codes.waitFor();
    await codes.getByRole('button', { name: /saved/i }).click();
    await page
      .getByRole('table', { name: 'Your second factors' })
      .getByText('Laptop key')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const payoutId = await payoutAwaitingApproval('4000.00');
    const dialog = await approveAsksForStepUp(page, payoutId);
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByText(/^Approved by Ada Admin/).waitFor();
    expect(watched.unexpectedErrors).toEqual([]);
  });
});
