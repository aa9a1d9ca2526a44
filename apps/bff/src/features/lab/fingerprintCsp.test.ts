import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { FINGERPRINT_CSP, fingerprintCsp } from './labRouter.js';

describe('the fingerprint frame policy', () => {
  it('stays closed to the network unless collector hosts are configured', () => {
    expect(fingerprintCsp([])).toBe(FINGERPRINT_CSP);
    expect(FINGERPRINT_CSP).toContain("default-src 'none'");
  });

  it('opens scripts, frames, requests, images and form posts to those hosts only, in its own origin', () => {
    const policy = fingerprintCsp(['https://collector.psp.example', 'https://*.cardinal.example']);
    const directives = Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    // No allow-same-origin: the page and its collectors never share the console's origin.
    expect(directives.sandbox).toEqual(['allow-scripts', 'allow-forms']);
    expect(directives['default-src']).toEqual(["'none'"]);
    for (const name of ['connect-src', 'frame-src', 'form-action']) {
      expect(directives[name]).toEqual([
        'https://collector.psp.example',
        'https://*.cardinal.example',
      ]);
    }
    expect(directives['script-src']).toContain('https://collector.psp.example');
  });

  it('reads DEPOSIT_FINGERPRINT_HOSTS as https origins, refusing anything else', () => {
    const base = { DEMO: '1' };
    expect(
      parseConfig({ ...base, DEPOSIT_FINGERPRINT_HOSTS: 'https://a.example, https://*.b.example' })
        .orchestrator.fingerprintHosts,
    ).toEqual(['https://a.example', 'https://*.b.example']);
    expect(parseConfig(base).orchestrator.fingerprintHosts).toEqual([]);
    for (const bad of ['http://a.example', 'https://a.example/path', "'unsafe-eval'", '*']) {
      expect(() => parseConfig({ ...base, DEPOSIT_FINGERPRINT_HOSTS: bad })).toThrow(
        /DEPOSIT_FINGERPRINT_HOSTS/,
      );
    }
  });
});
