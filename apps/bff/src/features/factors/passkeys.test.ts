import { describe, expect, it } from 'vitest';
import { createSoftAuthenticator, strangerKey } from '../../testing/softAuthenticator.js';
import { createPasskeys } from './passkeys.js';

const publicUrl = new URL('https://backoffice.example.com');
const user = { id: '00000000-0000-4000-8000-000000000001', email: 'a@example.com', name: 'A' };

describe('passkeys', () => {
  const passkeys = createPasskeys({ publicUrl });

  async function registered() {
    const key = createSoftAuthenticator({ origin: publicUrl.origin });
    const options = await passkeys.registrationOptions(user, []);
    const credential = await passkeys.verifyRegistration(key.register(options), options.challenge);
    expect(credential?.credentialId).toBe(key.credentialId);
    return { key, credential: credential! };
  }

  it('offers registration for this origin, excluding existing credentials', async () => {
    const options = await passkeys.registrationOptions(user, [
      { credentialId: 'AAAA', transports: ['usb'] },
    ]);
    expect(options.rp).toEqual({ id: 'backoffice.example.com', name: 'Payouts back-office' });
    expect(options.user.name).toBe('a@example.com');
    expect(options.excludeCredentials).toEqual([
      { id: 'AAAA', type: 'public-key', transports: ['usb'] },
    ]);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('registers a key and verifies its assertions, counting up', async () => {
    const { key, credential } = await registered();
    expect(credential.transports).toEqual(['usb']);
    const options = await passkeys.authenticationOptions([credential]);
    const result = await passkeys.verifyAuthentication(
      key.assert(options),
      options.challenge,
      credential,
    );
    expect(result).toEqual({ signCount: 1 });
  });

  it('refuses a wrong challenge, origin, relying party, signature or an old counter', async () => {
    const { key, credential } = await registered();
    const options = await passkeys.authenticationOptions([credential]);
    const stored = { ...credential, signCount: 5 };
    for (const [name, response, challenge] of [
      ['challenge', key.assert(options), 'c3RhbGUtY2hhbGxlbmdl'],
      ['origin', key.assert(options, { origin: 'https://evil.example.com' }), options.challenge],
      ['rp id', key.assert(options, { rpId: 'evil.example.com' }), options.challenge],
      ['signature', key.assert(options, { signWith: strangerKey() }), options.challenge],
      ['counter', key.assert(options, { signCount: 5 }), options.challenge],
    ] as const) {
      expect(
        await passkeys.verifyAuthentication(response, challenge, stored),
        name,
      ).toBeUndefined();
    }
    expect(await passkeys.verifyAuthentication({}, options.challenge, stored)).toBeUndefined();
    expect(await passkeys.verifyRegistration({ id: 1 }, options.challenge)).toBeUndefined();
  });
});
