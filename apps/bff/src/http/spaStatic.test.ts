import { describe, expect, it } from 'vitest';
import { jsonDataBlock } from './spaStatic.js';

describe('jsonDataBlock', () => {
  it('keeps any value inside its script element and gives it back as it was', () => {
    const value = {
      name: '</script><script>alert(1)</script><!-- \u2028\u2029',
      nested: ['</SCRIPT>', '<'],
    };
    const block = jsonDataBlock('payouts-session', value);
    const inner = block.slice(
      '<script type="application/json" id="payouts-session">'.length,
      -'</script>'.length,
    );
    expect(inner).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual(value);
    expect(jsonDataBlock('payouts-session', null)).toBe(
      '<script type="application/json" id="payouts-session">null</script>',
    );
  });
});
