import type { SessionSecurityDto } from '@payouts/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { apiError, createFakeApi, FINANCE_USER } from '../../testing/fakeApi.js';
import {
  buildFactor,
  FAKE_RECOVERY_CODES,
  FAKE_TOTP_SECRET,
  GOOD_RECOVERY_CODE,
  GOOD_TOTP_CODE,
} from '../../testing/fakeSecurityApi.js';
import { captureDownloads } from '../../testing/captureDownloads.js';
import { renderApp } from '../../testing/renderApp.js';
import { clockTime } from './secondFactorText.js';

// The browser's WebAuthn prompt cannot run in jsdom: the library that drives it is stood in for.
const webAuthn = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

beforeEach(() => {
  webAuthn.startRegistration.mockReset();
  webAuthn.startAuthentication.mockReset();
});

const VERIFY: SessionSecurityDto = {
  auth_method: 'password',
  second_factor: 'verify',
  methods: ['totp', 'passkey', 'recovery_code'],
  step_up: true,
  step_up_until: null,
  step_up_minutes: 10,
};

describe('the verify step after signing in', () => {
  it('asks for an authenticator code before anything else, says what was wrong, then shows the page', async () => {
    const { api, calls } = createFakeApi({ security: VERIFY });
    const { user, router } = renderApp({ api, path: '/payouts?q=PO-1' });

    expect(
      await screen.findByRole('heading', { level: 1, name: "Verify it's you" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const field = screen.getByLabelText('Authenticator code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. 4 attempts left.',
    );

    await user.clear(field);
    await user.type(field, GOOD_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The page asked for, as it was asked for.
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=PO-1');
    expect(calls.verify).toEqual([
      { method: 'totp', code: '000000' },
      { method: 'totp', code: GOOD_TOTP_CODE },
    ]);
  });

  it('follows a password sign-in whose session must verify', async () => {
    const { api, calls } = createFakeApi({ user: null, security: VERIFY });
    const { user, router } = renderApp({ api, path: '/approvals' });
    await user.type(await screen.findByLabelText(/^Email/), 'fin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByText('Sign in', { selector: 'button' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "Verify it's you" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/approvals');
    expect(calls.signIn).toHaveLength(1);
  });

  it('takes a recovery code instead', async () => {
    const { api, calls } = createFakeApi({ security: VERIFY });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    await user.type(field, GOOD_RECOVERY_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(calls.verify).toEqual([{ method: 'recovery_code', code: GOOD_RECOVERY_CODE }]);
  });

  it('takes a passkey, with the options the server gave', async () => {
    webAuthn.startAuthentication.mockResolvedValue({ id: 'cred-1', type: 'public-key' });
    const { api, calls } = createFakeApi({ security: VERIFY });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' },
    });
    expect(calls.verify).toEqual([
      { method: 'passkey', response: { id: 'cred-1', type: 'public-key' } },
    ]);
  });

  it('says when a method is locked and until when', async () => {
    const lockedUntil = '2026-11-25T14:05:00.000Z';
    const { api } = createFakeApi({
      security: VERIFY,
      verify: () =>
        Promise.reject(
          new ApiError('factor_locked', 'Locked.', {
            status: 429,
            extensions: { locked_until: lockedUntil },
          }),
        ),
    });
    const { user } = renderApp({ api, path: '/payouts' });
    await user.type(await screen.findByLabelText('Authenticator code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Too many wrong codes: this method is locked in this session. Try again after ${clockTime(lockedUntil)}, or use another method.`,
    );
  });

  it('shows the step when any call answers second_factor_required', async () => {
    const { api } = createFakeApi({
      list: () => {
        api.session.current = () => Promise.resolve({ user: FINANCE_USER, security: VERIFY });
        return Promise.reject(
          apiError('second_factor_required', 'A second factor is required first', {
            status: 403,
          }),
        );
      },
    });
    renderApp({ api, path: '/payouts' });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Verify it's you" }),
    ).toBeInTheDocument();
  });
});

describe('enrolment when a second factor is required', () => {
  it('shows only the set-up page; an authenticator app with its QR code, then the recovery codes once', async () => {
    const { api, calls } = createFakeApi({
      security: { ...VERIFY, second_factor: 'enrol', methods: [] },
    });
    const { user } = renderApp({ api, path: '/payouts' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    const qr = await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(
      FAKE_TOTP_SECRET.replace(/(.{4})(?=.)/g, '$1 '),
    );

    const code = screen.getByLabelText('Enter the 6-digit code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription(
      'Enter the 6 digits your authenticator app shows now.',
    );
    await user.clear(code);
    await user.type(code, GOOD_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(FAKE_RECOVERY_CODES);
    await user.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(screen.queryByText(FAKE_RECOVERY_CODES[0]!)).not.toBeInTheDocument();
    expect(calls.confirmTotp).toEqual([{ id: 'f_totp_1', code: GOOD_TOTP_CODE }]);
  });
});

describe('the Security page: second factor', () => {
  it('lists the factors and the locks, and removes one after confirming', async () => {
    const { api, calls } = createFakeApi({
      factors: [
        buildFactor({ id: 'f_1', label: 'Work phone' }),
        buildFactor({ id: 'f_2', kind: 'passkey', label: 'Laptop', last_used_at: null }),
      ],
      recoveryCodesLeft: 7,
      factorLocks: [{ method: 'totp', locked_until: '2026-11-25T14:05:00.000Z' }],
    });
    const { user } = renderApp({ api, path: '/security' });
    const table = await screen.findByRole('table', { name: 'Your second factors' });
    expect(within(table).getByRole('row', { name: /Laptop Passkey .* Never/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /Work phone Authenticator app/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left: 7')).toBeInTheDocument();
    expect(
      screen.getByText(/Authenticator codes are locked in this session after too many wrong codes/),
    ).toHaveTextContent(`Try again after ${clockTime('2026-11-25T14:05:00.000Z')}`);

    await user.click(within(table).getByRole('button', { name: 'Remove Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this factor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey "Laptop" is removed.');
    expect(calls.removeFactor).toEqual(['f_2']);
    await waitFor(() => expect(screen.queryByText('Laptop')).not.toBeInTheDocument());
  });

  it('adds a passkey; the first factor shows the recovery codes once, the second does not', async () => {
    webAuthn.startRegistration.mockResolvedValue({ id: 'cred-9', type: 'public-key' });
    const { api, calls } = createFakeApi({});
    const { user } = renderApp({ api, path: '/security' });
    expect(await screen.findByText('You have no second factor yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name (optional)'), 'YubiKey');
    await user.click(screen.getByRole('button', { name: 'Add passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    expect(webAuthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: expect.objectContaining({ challenge: 'Y2hhbGxlbmdl' }),
    });
    expect(calls.addPasskey).toEqual([
      { label: 'YubiKey', response: { id: 'cred-9', type: 'public-key' } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('table', { name: 'Your second factors' })).toHaveTextContent(
      'YubiKey',
    );

    await user.click(screen.getByRole('button', { name: 'Add passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey "Passkey" is added.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the browser passkey prompt is cancelled', async () => {
    webAuthn.startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const { api, calls } = createFakeApi({});
    const { user } = renderApp({ api, path: '/security' });
    await user.click(await screen.findByRole('button', { name: 'Add passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey could not be added. The passkey was not used.',
    );
    expect(calls.addPasskey).toEqual([]);
  });

  it('generates new recovery codes after confirming, and shows them once', async () => {
    const { api, calls } = createFakeApi({ factors: [buildFactor()] });
    const { user } = renderApp({ api, path: '/security' });
    await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
    expect(confirm).toHaveTextContent('Your current recovery codes stop working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(dialog).toHaveTextContent('new-code-01');
    expect(calls.newRecoveryCodes).toBe(1);

    const downloads = captureDownloads();
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Download' }));
      expect(downloads.names).toEqual(['payouts-recovery-codes.txt']);
      expect(await downloads.texts()).toEqual([
        `${FAKE_RECOVERY_CODES.map((c) => `new-${c}`).join('\n')}\n`,
      ]);
    } finally {
      downloads.restore();
    }
    // user-event stands a clipboard in for the browser's.
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Copied.');
    expect(await navigator.clipboard.readText()).toContain('new-code-10');
    // Escape and clicks beside it do not close it: only "I saved them" does.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(screen.queryByText('new-code-01')).not.toBeInTheDocument());
  });
});

describe('step-up', () => {
  it('asks for a code in a dialog over the page, then retries the same request', async () => {
    // The real HTTP client and a server that wants a fresh factor once.
    const { createHttpClient } = await import('../../api/createHttpClient.js');
    const { askForStepUp } = await import('./askForStepUp.js');
    const { createAppQueryClient } = await import('../../app/createAppQueryClient.js');
    const { api, calls } = createFakeApi({ security: { ...VERIFY, second_factor: 'satisfied' } });
    const queryClient = createAppQueryClient({ retry: false });
    const sent: RequestInit[] = [];
    const http = createHttpClient({
      fetch: (_url, init = {}) => {
        sent.push(init);
        return Promise.resolve(
          sent.length === 1
            ? Response.json(
                { code: 'step_up_required', status: 403, detail: 'Confirm it is you.' },
                { status: 403 },
              )
            : new Response(null, { status: 204 }),
        );
      },
      onStepUp: () => askForStepUp({ api, queryClient }),
    });
    // What the user had typed on the page stays as it was under the dialog.
    const page = document.createElement('input');
    page.setAttribute('aria-label', 'Reason');
    page.value = 'lost phone';
    document.body.append(page);

    const userEvent = (await import('@testing-library/user-event')).default.setup();
    let settled = false;
    const call = http
      .request({
        method: 'POST',
        path: '/users/u_9/factors/reset',
        body: {},
        headers: { 'Idempotency-Key': 'k-7' },
      })
      .finally(() => (settled = true));

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    const field = within(dialog).getByLabelText('Authenticator code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    const axe = (await import('axe-core')).default;
    const { violations } = await axe.run(dialog, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.map((v) => v.id)).toEqual([]);
    await userEvent.type(field, '999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(settled).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, GOOD_TOTP_CODE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await act(() => call);
    expect(sent).toHaveLength(2);
    expect((sent[1]!.headers as Record<string, string>)['Idempotency-Key']).toBe('k-7');
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(calls.verify.at(-1)).toEqual({ method: 'totp', code: GOOD_TOTP_CODE });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.value).toBe('lost phone');
    page.remove();
  });

  it('fails the call with the original problem when cancelled', async () => {
    const { createHttpClient } = await import('../../api/createHttpClient.js');
    const { askForStepUp } = await import('./askForStepUp.js');
    const { createAppQueryClient } = await import('../../app/createAppQueryClient.js');
    const { errorMessage } = await import('../../components/errorMessage.js');
    const { api } = createFakeApi({});
    const queryClient = createAppQueryClient({ retry: false });
    let sent = 0;
    const http = createHttpClient({
      fetch: () => {
        sent += 1;
        return Promise.resolve(
          Response.json({ code: 'step_up_required', status: 403 }, { status: 403 }),
        );
      },
      onStepUp: () => askForStepUp({ api, queryClient }),
    });
    const userEvent = (await import('@testing-library/user-event')).default.setup();
    const call = http
      .request({ method: 'DELETE', path: '/me/factors/f_1' })
      .catch((e: unknown) => e);
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const error = await call;
    expect(error).toMatchObject({ code: 'step_up_required' });
    expect(errorMessage(error)).toBe('Cancelled: confirmation needed.');
    expect(sent).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
