import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PayoutProvider } from '@payouts/contracts';
import type { RouteObject } from 'react-router';
import { RequireSession } from '../app/RequireSession.js';
import { PayoutWizardPage } from '../features/payoutWizard/PayoutWizardPage.js';
import { createFakeApi, type FakeApiOptions } from './fakeApi.js';
import { fill } from './fill.js';
import { renderApp } from './renderApp.js';

export { fill };

/** Drives the "+" wizard in tests: fixed day, predictable keys and order id, a fake API. */
export const NOW = new Date('2026-11-20T12:00:00Z');
export const CARD = '4111111111111111';

export const PROVIDERS: Record<string, PayoutProvider[]> = {
  'BE/EUR': [
    {
      name: 'acme_pay',
      title: 'Acme Pay',
      payout_method_type: 'credit_card',
      fields: [
        { name: 'creditCardNumber', title: 'Card number' },
        { name: 'cardHolderName', title: 'Name on card' },
        { name: 'email', title: 'E-mail' },
      ],
    },
    {
      name: 'cardco',
      title: 'CardCo',
      payout_method_type: 'credit_card',
      fields: [
        { name: 'cardHolderName', title: 'Name on card' },
        { name: 'customerFirstName', title: 'First name' },
      ],
    },
    {
      name: 'beta_bank',
      title: 'Beta Bank',
      payout_method_type: 'bank_account',
      fields: [{ name: 'bankAccountName', title: 'Account holder name' }],
    },
  ],
};

export const CORRIDORS = [
  { country: 'BE', currency: 'EUR' },
  { country: 'JP', currency: 'JPY' },
  { country: 'NL', currency: 'EUR' },
  { country: 'US', currency: 'USD' },
];

export function setup(options: FakeApiOptions = {}) {
  const fake = createFakeApi({ corridors: CORRIDORS, providers: PROVIDERS, ...options });
  let keys = 0;
  let draws = 0;
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <RequireSession />,
      children: [
        {
          path: 'payouts/new',
          element: (
            <PayoutWizardPage
              now={() => NOW}
              newKey={() => `key-${++keys}`}
              randomBytes={(n) => new Uint8Array(n).fill(++draws)}
            />
          ),
        },
        { path: 'payouts/:id', element: <p>Payout detail page</p> },
      ],
    },
  ];
  return { ...fake, ...renderApp({ api: fake.api, path: '/payouts/new', routes }) };
}

export async function chooseCountry(user: UserEvent, typed: string, option: string) {
  const country = await screen.findByLabelText(/^Country/);
  await fill(user, country, typed);
  await user.click(await screen.findByText(option));
}

export async function next(user: UserEvent) {
  await user.click(screen.getByText('Next'));
}

export async function corridorStep(user: UserEvent, amount = '100.50') {
  await chooseCountry(user, 'Belg', 'Belgium (BE)');
  await fill(user, screen.getByLabelText(/^Amount/), amount);
  await next(user);
  await screen.findByText(/^Step 2 of 4/);
  // The step is in the section-form kit, a lazy module: its first import in a file takes a while.
  await screen.findByRole('radiogroup', { name: 'Payout method' }, { timeout: 15_000 });
}

/**
 * The PSP section on screen. The sections of the PSPs not chosen are in the DOM too, hidden
 * (inside an `aria-hidden`, invisible wrapper), some with the same labels.
 */
export function shownSection(): HTMLElement {
  const shown = [...document.querySelectorAll('form')].filter(
    (form) =>
      form.closest('[aria-hidden="true"]') === null &&
      /^Recipient details for /.test(form.textContent),
  );
  if (shown.length !== 1) throw new Error(`${shown.length} PSP sections on screen, not 1`);
  return shown[0]!;
}

/** A field of the PSP section on screen, by its label. */
export function sectionField(label: RegExp | string): HTMLElement {
  return within(shownSection()).getByLabelText(label);
}

export function findSectionField(label: RegExp | string): Promise<HTMLElement> {
  return waitFor(() => sectionField(label));
}

/** The payout method, then the PSP, on step 2; its section is shown below them. */
export async function choosePsp(user: UserEvent, type: string, psp: string) {
  await user.click(await screen.findByRole('radio', { name: type }));
  await user.click(await screen.findByRole('radio', { name: psp }));
  await screen.findByRole('heading', { name: `Recipient details for ${psp}`, hidden: false });
}

/** Corridor, Card with Acme Pay and its section, up to the review. */
export async function toReview(user: UserEvent) {
  await corridorStep(user);
  await choosePsp(user, 'Card', 'Acme Pay');
  await fill(user, sectionField(/^Card number/), `${CARD.slice(0, 8)} ${CARD.slice(8)}`);
  await fill(user, sectionField(/^Name on card/), 'Jane Doe');
  await fill(user, sectionField(/^E-mail/), 'jane@example.com');
  await next(user);
  await screen.findByText(/^Step 3 of 4/);
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
