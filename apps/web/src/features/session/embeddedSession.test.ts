import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_SESSION_ID as WRITTEN_BY_THE_BFF } from '@payouts/contracts';
import { EMBEDDED_SESSION_ID, takeEmbeddedSession } from './embeddedSession.js';

function embed(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = EMBEDDED_SESSION_ID;
  block.textContent = text;
  document.head.append(block);
}

describe('takeEmbeddedSession', () => {
  it('reads the block the BFF writes', () => {
    expect(EMBEDDED_SESSION_ID).toBe(WRITTEN_BY_THE_BFF);
  });

  afterEach(() => document.getElementById(EMBEDDED_SESSION_ID)?.remove());

  it('gives the session once, and null when the page says signed out', () => {
    const reply = {
      user: { id: 'u1', email: 'a@example.com', name: 'Ada', role: 'admin' },
      security: { second_factor: 'none' },
    };
    embed(JSON.stringify(reply));
    expect(takeEmbeddedSession(document)).toEqual(reply);
    expect(takeEmbeddedSession(document)).toBeUndefined();
    embed('null');
    expect(takeEmbeddedSession(document)).toBeNull();
  });

  it('is undefined without a block or with one that is not a session', () => {
    expect(takeEmbeddedSession(document)).toBeUndefined();
    embed('{not json');
    expect(takeEmbeddedSession(document)).toBeUndefined();
    embed('[1]');
    expect(takeEmbeddedSession(document)).toBeUndefined();
  });
});
