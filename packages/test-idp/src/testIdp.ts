import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestIdpAccount {
  /** What the login form's "Username" field takes; also the subject (`sub`). */
  login: string;
  password: string;
  email: string;
  name: string;
  groups: string[];
  /** The account signs in with a second factor: `amr` is `['pwd', 'otp']` (else `['pwd']`). */
  mfa?: boolean;
  /** `email_verified` (default true). */
  emailVerified?: boolean;
}

export interface TestIdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface StartTestIdpOptions {
  /** 0 (the default): a free port. */
  port?: number;
  /** The host the issuer URL names and the server listens on (default 127.0.0.1). */
  issuerHost?: string;
  clients: TestIdpClient[];
  accounts: TestIdpAccount[];
  /** ID token lifetime (default one hour, as most providers). */
  idTokenTtlSeconds?: number;
}

/** Changes the next ID token the token endpoint returns (re-signed with the provider's key). */
export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface TestIdp {
  /** The issuer (`http://127.0.0.1:<port>`), as `OIDC_ISSUER` takes it. */
  issuer: string;
  url: string;
  port: number;
  /** Adds or replaces an account. */
  setAccount(account: TestIdpAccount): void;
  /** The account is gone: it cannot sign in, and its refresh tokens stop working. */
  removeAccount(login: string): void;
  setGroups(login: string, groups: string[]): void;
  /** Every token response until `tamperIdTokens(undefined)` carries a changed ID token. */
  tamperIdTokens(tamper: IdTokenTamper | undefined): void;
  /** Every token the token endpoint answered (tests check none leaks into logs or rows). */
  issuedTokens(): string[];
  stop(): Promise<void>;
}

const SCOPES = ['openid', 'offline_access', 'email', 'profile', 'groups'];

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The login page: a plain form, no script (the selectors are in the README). */
function loginPage(uid: string, clientId: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Test identity provider: sign in</title></head>
<body>
<main>
<h1>Test identity provider</h1>
<p>Signing in to <strong>${escapeHtml(clientId)}</strong></p>
${error ? `<p role="alert" id="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="login">Username</label> <input id="login" name="login" required autofocus>
<label for="password">Password</label> <input id="password" name="password" type="password" required>
<button type="submit" id="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort">
<button type="submit" id="cancel">Cancel</button>
</form>
</main>
</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A real OpenID provider (`oidc-provider`) for the tests and for trying single sign-on
 * locally: authorization code with PKCE, refresh tokens, a username/password login page,
 * accounts and their groups changeable while it runs.
 */
export async function startTestIdp({
  port = 0,
  issuerHost = '127.0.0.1',
  clients,
  accounts: initialAccounts,
  idTokenTtlSeconds = 3600,
}: StartTestIdpOptions): Promise<TestIdp> {
  const accounts = new Map(initialAccounts.map((a) => [a.login, { ...a }]));
  let tamper: IdTokenTamper | undefined;
  const issued: string[] = [];

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(JSON.stringify(jwk)).digest('base64url').slice(0, 16);
  const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, issuerHost, resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  const issuer = `http://${issuerHost}:${actualPort}`;

  const configuration: Configuration = {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: SCOPES,
    claims: {
      // amr/acr/auth_time come from the sign-in, not the account: listed so they are kept.
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    // Claims in the ID token too (as many providers do for groups): the BFF reads them there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      IdToken: idTokenTtlSeconds,
      AccessToken: 3600,
      AuthorizationCode: 60,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 14 * 24 * 3600,
    },
    // Refresh tokens whenever the client may use them (no `offline_access` + consent dance).
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    // First-party clients: no consent screen, every requested scope granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const found = await oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope([...oidc.requestParamScopes].join(' '));
      await grant.save();
      return grant;
    },
    findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          groups: [...account.groups],
        }),
      };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p>`;
    },
  };
  const provider = new Provider(issuer, configuration);

  // Tests of the relying party's checks: the token endpoint answers a changed ID token,
  // correctly signed, so only the claim checks (audience, expiry, nonce) can catch it.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token') return;
    const body = ctx.body as Record<string, unknown> | undefined;
    for (const key of ['access_token', 'refresh_token', 'id_token']) {
      if (typeof body?.[key] === 'string') issued.push(body[key]);
    }
    if (!tamper || typeof body?.id_token !== 'string') return;
    const [header, payload] = body.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const input = `${header}.${base64urlJson(tamper(claims))}`;
    const signature = sign('sha256', Buffer.from(input), signingKey).toString('base64url');
    body.id_token = `${input}.${signature}`;
  });

  const providerHandler = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const [, , uid, action] = path.split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params.client_id);
    if (req.method === 'GET' && action === undefined) {
      if (details.prompt.name !== 'login') {
        // Consent comes from `loadExistingGrant`; any other prompt finishes as it stands.
        await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid, clientId));
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const account = accounts.get(form.get('login') ?? '');
      if (!account || account.password !== form.get('password')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginPage(details.uid, clientId, 'Wrong username or password.'));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        {
          login: {
            accountId: account.login,
            amr: account.mfa ? ['pwd', 'otp'] : ['pwd'],
            acr: account.mfa ? 'mfa' : 'pwd',
          },
        },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(404).end();
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    // A browser asks for one on any page: no 404 in a journey's console.
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    void providerHandler(req, res);
  });

  const mustHave = (login: string) => {
    const account = accounts.get(login);
    if (!account) throw new Error(`no test IdP account ${login}`);
    return account;
  };

  return {
    issuer,
    url: issuer,
    port: actualPort,
    setAccount(account) {
      accounts.set(account.login, { ...account });
    },
    removeAccount(login) {
      accounts.delete(login);
    },
    setGroups(login, groups) {
      mustHave(login).groups = [...groups];
    },
    tamperIdTokens(next) {
      tamper = next;
    },
    issuedTokens() {
      return [...issued];
    },
    async stop() {
      if (!server.listening) return;
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
