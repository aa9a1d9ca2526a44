import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_DEFAULT_CREDENTIALS, SANDBOX_TEST_CARDS } from '@payouts/orchestrator-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app.js';

const DIST = new URL('../../apps/web/dist/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * What the browser downloads must carry no orchestrator credential, token or card number: the
 * SPA reaches the orchestrator only through the BFF (the secret scan, for the assets).
 */
describe('the built SPA', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startE2eApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('contains no orchestrator credential, token or full card number', async () => {
    // Sign the orchestrator client in, so there is a live token to look for.
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const secrets: Record<string, string[]> = {
      'the orchestrator API key': [app.config.orchestrator.apiKey],
      'the orchestrator password': [app.config.orchestrator.password],
      'an orchestrator token': app.sandbox?.inspect.issuedTokens() ?? [],
      'a sandbox default credential': [
        SANDBOX_DEFAULT_CREDENTIALS.apiKey,
        SANDBOX_DEFAULT_CREDENTIALS.password,
        SANDBOX_DEFAULT_CREDENTIALS.cashierKey,
      ],
      'a full test card number': Object.values(SANDBOX_TEST_CARDS).map((card) => card.number),
    };
    expect(secrets['an orchestrator token']!.length).toBeGreaterThan(0);

    const files = filesUnder(DIST);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      for (const [kind, values] of Object.entries(secrets)) {
        if (values.some((value) => value.length >= 8 && text.includes(value))) {
          found.push(`${file.slice(DIST.length)}: ${kind}`);
        }
      }
    }
    expect(found).toEqual([]);

    // And what the server sends for the app's pages is the same built files.
    const index = await (await fetch(`${app.url}/payouts`)).text();
    expect(index).toContain('<div id="root"');
  });
});
