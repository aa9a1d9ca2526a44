import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { PayoutProvider } from '@payouts/contracts';
import type { RouteObject } from 'react-router';
import { RequireSession } from '../app/RequireSession.js';
import { PayoutWizardPage } from '../features/payoutWizard/PayoutWizardPage.js';
import { createFakeApi, type FakeApiOptions } from './fakeApi.js';
import { renderApp } from './renderApp.js';

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

/** Puts text into a field in one input event (typing key by key re-renders the form per key). */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  // As a person would: only once the field is on screen. The wizard pre-renders the next
  // step's section hidden (React <Activity>), and a field found there is not yet typeable.
  await waitFor(() => expect(field).toBeVisible());
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
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
  await screen.findByText(/^Step 2 of 5/);
}

export async function choosePsp(user: UserEvent, type: string, psp: string) {
  await user.click(await screen.findByLabelText(type));
  await user.click(screen.getByLabelText(/^PSP/));
  await user.click(await screen.findByText(psp));
}

/** Corridor, Card with Acme Pay, recipient details, up to the review. */
export async function toReview(user: UserEvent) {
  await corridorStep(user);
  await choosePsp(user, 'Card', 'Acme Pay');
  await next(user);
  await screen.findByText(/^Step 3 of 5/);
  await fill(user, screen.getByLabelText(/^Card number/), `${CARD.slice(0, 8)} ${CARD.slice(8)}`);
  await fill(user, screen.getByLabelText(/^Name on card/), 'Jane Doe');
  await fill(user, screen.getByLabelText(/^E-mail/), 'jane@example.com');
  await next(user);
  await screen.findByText(/^Step 4 of 5/);
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
