import { describe, expect, it } from 'vitest';
import { isValidEmail } from './isValidEmail.js';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('ada.lovelace+pay@example.co.uk')).toBe(true);
    expect(isValidEmail("o'brien@example.ie")).toBe(true);
  });

  it.each(['ada@localhost', 'ada@@example.com', 'ada example@example.com', '@example.com', 'ada@'])(
    'refuses %j',
    (value) => expect(isValidEmail(value)).toBe(false),
  );

  it('refuses addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toBe(false);
  });
});
