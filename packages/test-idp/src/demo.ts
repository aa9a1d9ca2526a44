import type { TestIdpAccount, TestIdpClient } from './testIdp.js';

/** `npm run idp`'s accounts (documented in the README; never a real password). */
export const DEMO_ACCOUNTS: TestIdpAccount[] = [
  {
    login: 'alice-finance',
    password: 'alice-password',
    email: 'alice@idp.example',
    name: 'Alice Finance',
    groups: ['payouts-finance'],
  },
  {
    login: 'bob-admin',
    password: 'bob-password',
    email: 'bob@idp.example',
    name: 'Bob Admin',
    groups: ['payouts-admin'],
    mfa: true,
  },
  {
    login: 'carol-support',
    password: 'carol-password',
    email: 'carol@idp.example',
    name: 'Carol Support',
    groups: ['payouts-support'],
  },
  {
    login: 'dave-nogroup',
    password: 'dave-password',
    email: 'dave@idp.example',
    name: 'Dave Nogroup',
    groups: ['marketing'],
  },
];

export const DEMO_CLIENT: TestIdpClient = {
  client_id: 'payouts-back-office',
  client_secret: 'payouts-back-office-secret',
  redirect_uris: ['http://localhost:3000/api/auth/oidc/callback'],
};

export const DEMO_ROLE_MAP = 'payouts-finance=finance,payouts-admin=admin,payouts-support=support';
