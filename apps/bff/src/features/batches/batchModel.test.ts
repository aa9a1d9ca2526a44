import { batchExampleRow, buildBatchFileModel } from '@payouts/contracts';
import { buildProviders } from '@payouts/contracts/testing';
import { describe, expect, it } from 'vitest';
import { maskCells } from './batchModel.js';

const model = buildBatchFileModel(
  buildProviders(),
  { country: 'BE', currency: 'EUR' },
  'credit_card',
  'test_cards',
  { now: new Date('2026-11-20T10:00:00Z') },
)!;

describe('maskCells', () => {
  it('shows card numbers as 6 + 4 and blanks and fixed cells as they are', () => {
    const names = model.columns.map((c) => c.field?.name ?? '');
    expect(names.some((n) => /card_?number/i.test(n))).toBe(true);
    const cells = batchExampleRow(model);
    const masked = maskCells(model, cells);
    for (const column of model.columns) {
      const name = column.field?.name ?? '';
      const value = cells[column.name] ?? '';
      const shown = masked[column.name];
      if (value === '') expect(shown).toBe('');
      else if (/cvv|cvc|security_?code/i.test(name)) expect(shown).toBe('***');
      else if (/card_?number/i.test(name)) expect(shown).toMatch(/^\d{6}\*+\d{4}$/);
      else if (column.kind !== 'field') expect(shown).toBe(value);
    }
    expect(JSON.stringify(masked)).not.toMatch(/\d{13,19}/);
  });
});
