import { describe, expect, it } from 'vitest';
import { createSecretScanner } from './secretScanner.js';

describe('secretScanner', () => {
  const scanner = createSecretScanner(() => ({ 'the orchestrator API key': ['key-0123456789'] }));

  it('names the kind of secret found, never its value', () => {
    expect(() => scanner.check('reply to GET /x', 'oops key-0123456789')).toThrow(
      /^reply to GET \/x contains the orchestrator API key$/,
    );
    expect(() => scanner.check('log', '{"n":"4111111111111111"}')).toThrow(/a full card number/);
  });

  it('passes masked card numbers and unrelated text, and counts what it scanned', () => {
    const before = scanner.scanned;
    scanner.check('reply', '{"card":"411111******1111"}');
    expect(scanner.scanned).toBe(before + 1);
  });
});
