import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtIdp } from './signInAtIdp.js';
import { startTestIdp, type TestIdp } from './testIdp.js';

const client = {
  client_id: 'rp',
  client_secret: 'rp-secret',
  redirect_uris: ['http://rp.test/callback'],
};

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('test identity provider', () => {
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await startTestIdp({
      clients: [client],
      accounts: [
        {
          login: 'ann',
          password: 'ann-pw',
          email: 'ann@idp.test',
          name: 'Ann',
          groups: ['g1'],
          mfa: true,
        },
      ],
    });
  });
  afterAll(() => idp?.stop());

  const authorize = () => {
    const url = new URL('/auth', idp.issuer);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0]!,
      response_type: 'code',
      scope: 'openid email profile groups',
      state: 'st',
      nonce: 'nn',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    return url;
  };

  const token = (body: Record<string, string>) =>
    fetch(new URL('/token', idp.issuer), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('rp:rp-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(body).toString(),
    });

  it('signs in with the login form, issues an ID token with groups and amr, and a refresh token that dies with the account', async () => {
    expect((await fetch(new URL('/.well-known/openid-configuration', idp.issuer))).status).toBe(
      200,
    );
    await expect(signInAtIdp(authorize(), { login: 'ann', password: 'wrong' })).rejects.toThrow(
      /refused/,
    );
    const { callbackUrl } = await signInAtIdp(authorize(), { login: 'ann', password: 'ann-pw' });
    expect(callbackUrl.origin + callbackUrl.pathname).toBe('http://rp.test/callback');
    expect(callbackUrl.searchParams.get('state')).toBe('st');
    const res = await token({
      grant_type: 'authorization_code',
      code: callbackUrl.searchParams.get('code')!,
      redirect_uri: client.redirect_uris[0]!,
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { id_token: string; refresh_token: string };
    expect(claimsOf(tokens.id_token)).toMatchObject({
      sub: 'ann',
      aud: 'rp',
      email: 'ann@idp.test',
      groups: ['g1'],
      amr: ['pwd', 'otp'],
      nonce: 'nn',
    });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    idp.setGroups('ann', ['g2']);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { id_token: string; refresh_token: string };
    expect(claimsOf(next.id_token).groups).toEqual(['g2']);

    idp.removeAccount('ann');
    const gone = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token });
    expect(gone.status).toBe(400);
    expect(((await gone.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('answers a cancelled sign-in with access_denied', async () => {
    const { callbackUrl } = await signInAtIdp(authorize(), {
      login: '',
      password: '',
      cancel: true,
    });
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
  });
});
