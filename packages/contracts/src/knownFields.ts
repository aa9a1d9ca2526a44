import type { PayoutMethodType, ProviderField } from './types.js';

/** Metadata fields seen per payout method type (seed 2.2), with default titles. */
export const KNOWN_FIELDS: Readonly<Record<PayoutMethodType, readonly ProviderField[]>> = {
  credit_card: [
    { name: 'creditCardToken', title: 'Card token' },
    { name: 'creditCardNumber', title: 'Card number' },
    { name: 'cardHolderName', title: 'Name on card' },
    { name: 'expiryMonth', title: 'Expiry month' },
    { name: 'expiryYear', title: 'Expiry year' },
    { name: 'customerFirstName', title: 'First name' },
    { name: 'customerLastName', title: 'Last name' },
    { name: 'email', title: 'E-mail' },
  ],
  bank_account: [
    { name: 'bankCode', title: 'Bank code' },
    { name: 'bankName', title: 'Bank name' },
    { name: 'bankBranch', title: 'Bank branch' },
    { name: 'bankAddress', title: 'Bank address' },
    { name: 'bankZipcode', title: 'Bank ZIP code' },
    { name: 'bankRoutingNumber', title: 'Routing number' },
    { name: 'bankAccountNumber', title: 'Account number' },
    { name: 'bankAccountName', title: 'Account holder name' },
    { name: 'phone', title: 'Phone' },
    { name: 'customerFirstName', title: 'First name' },
    { name: 'customerLastName', title: 'Last name' },
    { name: 'email', title: 'E-mail' },
  ],
  crypto: [
    { name: 'walletAddress', title: 'Wallet address' },
    { name: 'customerFirstName', title: 'First name' },
    { name: 'customerLastName', title: 'Last name' },
    { name: 'email', title: 'E-mail' },
  ],
};
