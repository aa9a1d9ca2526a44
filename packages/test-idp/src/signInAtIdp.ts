/** What a browser does at the provider, over HTTP: for tests that do not run a browser. */
export interface IdpSignIn {
  /** Where the provider sent the browser back (the relying party's callback with code and state). */
  callbackUrl: URL;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows `authorizationUrl` at the provider, fills its login form with `login`/`password`
 * (or presses Cancel when `cancel`) and follows the provider's redirects until they leave it.
 * Throws when the provider answers the form with the login page again (wrong password).
 */
export async function signInAtIdp(
  authorizationUrl: string | URL,
  { login, password, cancel = false }: { login: string; password: string; cancel?: boolean },
): Promise<IdpSignIn> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const headers = new Headers(init.headers);
    headers.set('cookie', jar.header());
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return { callbackUrl: next };
      url = next;
      init = {};
      continue;
    }
    const html = await res.text();
    const uid = /action="\/interaction\/([^/"]+)\/login"/.exec(html)?.[1];
    if (res.status !== 200 || !uid) {
      throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    }
    if (init.method === 'POST') throw new Error('the provider refused the username or password');
    url = new URL(`/interaction/${uid}/${cancel ? 'abort' : 'login'}`, origin);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cancel ? '' : new URLSearchParams({ login, password }).toString(),
    };
  }
  throw new Error('too many redirects at the provider');
}
