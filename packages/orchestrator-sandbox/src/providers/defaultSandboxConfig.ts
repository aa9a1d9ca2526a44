import type { ProviderField } from '@payouts/contracts';
import type { SandboxProviderConfig } from './SandboxProviderConfig.js';

const customer: ProviderField[] = [
  { name: 'customerFirstName', title: 'First name' },
  { name: 'customerLastName', title: 'Last name' },
  { name: 'email', title: 'Email' },
];

const cardFields: ProviderField[] = [
  { name: 'creditCardToken', title: 'Card token' },
  { name: 'creditCardNumber', title: 'Card number' },
  { name: 'cardHolderName', title: 'Card holder name' },
  { name: 'expiryMonth', title: 'Expiry month' },
  { name: 'expiryYear', title: 'Expiry year' },
  ...customer,
];

const fullBankFields: ProviderField[] = [
  { name: 'bankCode', title: 'Bank code' },
  { name: 'bankName', title: 'Bank name' },
  { name: 'bankBranch', title: 'Bank branch' },
  { name: 'bankAddress', title: 'Bank address' },
  { name: 'bankZipcode', title: 'Bank ZIP code' },
  { name: 'bankRoutingNumber', title: 'Routing number' },
  { name: 'bankAccountNumber', title: 'Account number' },
  { name: 'bankAccountName', title: 'Account holder name' },
  { name: 'phone', title: 'Phone' },
  ...customer,
];

const cryptoFields: ProviderField[] = [
  { name: 'walletAddress', title: 'Wallet address' },
  ...customer,
];

/**
 * The bundled merchant set-up: seven fictional PSPs over thirteen corridors, chosen so every
 * documented situation is real (see the package README for the tables).
 */
export const defaultSandboxConfig: SandboxProviderConfig = {
  merchant: { name: 'Sandbox Merchant Ltd' },
  cashier_keys: ['sandbox-cashier', 'sandbox-cashier-eu'],
  psps: [
    {
      name: 'northwind_pay',
      title: 'Northwind Pay',
      description:
        'European bank and card payouts; card deposits with device fingerprint and three MIDs.',
      payouts_enabled: true,
      types: { credit_card: true, bank_account: true, crypto: false },
      payout_corridors: [
        { country: 'DE', currency: 'EUR' },
        { country: 'FR', currency: 'EUR' },
        { country: 'BE', currency: 'EUR' },
        { country: 'GB', currency: 'GBP' },
      ],
      fields: {
        credit_card: cardFields,
        bank_account: [
          { name: 'bankName', title: 'Bank name' },
          { name: 'bankCode', title: 'BIC' },
          { name: 'bankAccountNumber', title: 'IBAN' },
          { name: 'bankAccountName', title: 'Account holder name' },
          ...customer,
        ],
      },
      validation_error_type: 'validation_error',
      deposits: {
        corridors: [
          { country: 'DE', currency: 'EUR' },
          { country: 'FR', currency: 'EUR' },
          { country: 'BE', currency: 'EUR' },
          { country: 'GB', currency: 'GBP' },
        ],
        card_brands: ['visa'],
        priority: 1,
        requires_fingerprint: true,
        mids: [
          { alias: 'northwind-eu-main', title: 'Northwind EU main account' },
          { alias: 'northwind-eu-highrisk', title: 'Northwind EU high-risk account' },
          { alias: 'northwind-uk', title: 'Northwind UK account' },
        ],
      },
    },
    {
      name: 'harbor_payments',
      title: 'Harbor Payments',
      description:
        'Bank payouts in North America, the UK and Australia; its card payout type is switched off.',
      payouts_enabled: true,
      types: { credit_card: false, bank_account: true, crypto: false },
      payout_corridors: [
        { country: 'US', currency: 'USD' },
        { country: 'CA', currency: 'CAD' },
        { country: 'GB', currency: 'GBP' },
        { country: 'AU', currency: 'AUD' },
      ],
      fields: { credit_card: cardFields, bank_account: fullBankFields },
      validation_error_type: 'validation_error',
      deposits: {
        corridors: [
          { country: 'US', currency: 'USD' },
          { country: 'CA', currency: 'CAD' },
          { country: 'GB', currency: 'GBP' },
          { country: 'AU', currency: 'AUD' },
          { country: 'DE', currency: 'EUR' },
          { country: 'FR', currency: 'EUR' },
          { country: 'BE', currency: 'EUR' },
        ],
        card_brands: ['visa', 'mastercard', 'amex', 'discover'],
        priority: 2,
        requires_fingerprint: false,
        mids: [{ alias: 'harbor-default', title: 'Harbor default account' }],
      },
    },
    {
      name: 'meridian_transfers',
      title: 'Meridian Transfers',
      description: 'Bank and card payouts in the US and Japan; the one PSP that sends field hints.',
      payouts_enabled: true,
      types: { credit_card: true, bank_account: true, crypto: false },
      payout_corridors: [
        { country: 'US', currency: 'USD' },
        { country: 'JP', currency: 'JPY' },
      ],
      fields: {
        credit_card: [
          { name: 'creditCardToken', title: 'Card token', type: 'string', required: false },
          {
            name: 'creditCardNumber',
            title: 'Card number',
            type: 'string',
            required: true,
            pattern: '^[0-9]{12,19}$',
            min_length: 12,
            max_length: 19,
          },
          { name: 'cardHolderName', title: 'Name on card', type: 'string', max_length: 26 },
          { name: 'expiryMonth', title: 'Expiry month', type: 'integer', required: true },
          { name: 'expiryYear', title: 'Expiry year', type: 'integer', required: true },
          { name: 'customerFirstName', title: 'First name', type: 'string', max_length: 50 },
          { name: 'customerLastName', title: 'Last name', type: 'string', max_length: 50 },
          { name: 'email', title: 'Email', type: 'email', required: true },
        ],
        bank_account: [
          { name: 'bankName', title: 'Bank name', type: 'string', min_length: 2, max_length: 80 },
          { name: 'bankBranch', title: 'Branch', type: 'string', required: false },
          {
            name: 'bankRoutingNumber',
            title: 'Routing / bank code',
            type: 'string',
            pattern: '^[0-9]{4,9}$',
          },
          {
            name: 'bankAccountNumber',
            title: 'Account number',
            type: 'string',
            pattern: '^[0-9]{6,17}$',
            min_length: 6,
            max_length: 17,
          },
          {
            name: 'bankAccountType',
            title: 'Account type',
            type: 'string',
            options: [
              { value: 'checking', title: 'Checking' },
              { value: 'savings', title: 'Savings' },
            ],
          },
          { name: 'bankAccountName', title: 'Account holder name', type: 'string', max_length: 70 },
          { name: 'phone', title: 'Phone', type: 'phone', required: false },
          { name: 'customerFirstName', title: 'First name', type: 'string', max_length: 50 },
          { name: 'customerLastName', title: 'Last name', type: 'string', max_length: 50 },
          { name: 'email', title: 'Email', type: 'email' },
        ],
      },
      validation_error_type: 'validation_error',
      deposits: null,
    },
    {
      name: 'lumen_cards',
      title: 'Lumen Cards',
      description:
        'Card payouts in North America, the UK and Australia; its validation issues say "validaton_error".',
      payouts_enabled: true,
      types: { credit_card: true, bank_account: false, crypto: false },
      payout_corridors: [
        { country: 'US', currency: 'USD' },
        { country: 'CA', currency: 'CAD' },
        { country: 'GB', currency: 'GBP' },
        { country: 'AU', currency: 'AUD' },
      ],
      fields: { credit_card: cardFields },
      validation_error_type: 'validaton_error',
      deposits: null,
    },
    {
      name: 'coinbridge',
      title: 'CoinBridge',
      description: 'Crypto payouts in bitcoin and ether.',
      payouts_enabled: true,
      types: { credit_card: false, bank_account: false, crypto: true },
      payout_corridors: [
        { country: 'DE', currency: 'BTC' },
        { country: 'DE', currency: 'ETH' },
        { country: 'GB', currency: 'BTC' },
      ],
      fields: { crypto: cryptoFields },
      validation_error_type: 'validation_error',
      deposits: null,
    },
    {
      name: 'saltmarsh_digital',
      title: 'Saltmarsh Digital',
      description: 'Crypto payouts in ether and USDT (ERC-20).',
      payouts_enabled: true,
      types: { credit_card: false, bank_account: false, crypto: true },
      payout_corridors: [
        { country: 'DE', currency: 'ETH' },
        { country: 'GB', currency: 'ETH' },
        { country: 'US', currency: 'USDT' },
      ],
      fields: { crypto: cryptoFields },
      validation_error_type: 'validation_error',
      deposits: null,
    },
    {
      name: 'atlas_remit',
      title: 'Atlas Remit',
      description:
        'Bank payouts to Mexico and the US, but its "Payouts" feature is switched off in its credentials.',
      payouts_enabled: false,
      types: { credit_card: false, bank_account: true, crypto: false },
      payout_corridors: [
        { country: 'MX', currency: 'MXN' },
        { country: 'US', currency: 'USD' },
      ],
      fields: { bank_account: fullBankFields },
      validation_error_type: 'validation_error',
      deposits: null,
    },
  ],
};
