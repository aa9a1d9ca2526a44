import type { PayoutProviders } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { diffMetadata } from './metadataVersions.js';

const bank = (fields: PayoutProviders['providers'][number]['fields']) => ({
  name: 'acme',
  title: 'Acme',
  payout_method_type: 'bank_account' as const,
  fields,
});

describe('diffMetadata', () => {
  it('names PSPs that joined or left a type, fields that appeared, disappeared or changed', () => {
    const before: PayoutProviders = {
      providers: [
        bank([
          { name: 'iban', title: 'IBAN' },
          { name: 'bic', title: 'BIC' },
          { name: 'email', title: 'E-mail' },
        ]),
        { name: 'cards', title: 'Cards', payout_method_type: 'credit_card', fields: [] },
      ],
      unsupported: [],
    };
    const after: PayoutProviders = {
      providers: [
        bank([
          { name: 'iban', title: 'IBAN', pattern: '^[A-Z]{2}' },
          { name: 'email', title: 'E-mail' },
          { name: 'phone', title: 'Phone' },
        ]),
        { name: 'chain', title: 'Chain', payout_method_type: 'crypto', fields: [] },
      ],
      unsupported: [
        { name: 'wallets', title: 'Wallets', payout_method_type: 'ewallet', reason: 'x' },
      ],
    };
    expect(diffMetadata(before, after)).toEqual([
      { kind: 'psp_removed', psp: 'cards', payout_method_type: 'credit_card' },
      { kind: 'field_removed', psp: 'acme', payout_method_type: 'bank_account', field: 'bic' },
      { kind: 'field_changed', psp: 'acme', payout_method_type: 'bank_account', field: 'iban' },
      { kind: 'field_added', psp: 'acme', payout_method_type: 'bank_account', field: 'phone' },
      { kind: 'psp_added', psp: 'chain', payout_method_type: 'crypto' },
      { kind: 'unsupported_added', psp: 'wallets', payout_method_type: 'ewallet' },
    ]);
  });

  it('finds nothing when only the order of PSPs or fields changed', () => {
    const one: PayoutProviders = {
      providers: [
        bank([
          { name: 'iban', title: 'IBAN' },
          { name: 'bic', title: 'BIC' },
        ]),
      ],
      unsupported: [],
    };
    const reordered: PayoutProviders = {
      providers: [
        bank([
          { name: 'bic', title: 'BIC' },
          { name: 'iban', title: 'IBAN' },
        ]),
      ],
      unsupported: [],
    };
    expect(diffMetadata(one, reordered)).toEqual([]);
  });
});
