import { describe, expect, it } from 'vitest';
import { splitList } from './listParam.js';

describe('splitList', () => {
  it('gives the items trimmed, in order, without the empty ones', () => {
    expect(splitList(' GB:GBP , US:USD,,')).toEqual(['GB:GBP', 'US:USD']);
    expect(splitList('')).toEqual([]);
    expect(splitList(' , ')).toEqual([]);
  });

  it('keeps an item given twice: whoever reads the list decides what a repeat means', () => {
    expect(splitList('finance,finance')).toEqual(['finance', 'finance']);
  });
});
