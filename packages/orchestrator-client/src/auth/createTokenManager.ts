export interface IssuedToken {
  token: string;
  expiresInSeconds: number;
}

export interface TokenManagerOptions {
  /** Performs the login call; must apply its own timeout (it is shared by every waiter). */
  login: () => Promise<IssuedToken>;
  now: () => number;
  refreshMarginSeconds: number;
}

export interface TokenManager {
  /** A valid token, logging in when there is none or it is about to expire. */
  get(signal?: AbortSignal): Promise<string>;
  /** Forgets `token` after the orchestrator refused it (a newer token is kept). */
  invalidate(token: string): void;
  /** Every token issued so far that may still appear in upstream text (for scrubbing). */
  knownTokens(): readonly string[];
}

const REMEMBERED_TOKENS = 4;

/**
 * Caches the access token until `refreshMarginSeconds` before it expires. Concurrent callers
 * that find no valid token share one login (single flight). The margin is capped at half the
 * token's lifetime, or a short-lived token would trigger a login on every call.
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  let cached: { token: string; refreshAtMs: number } | null = null;
  let inFlight: Promise<string> | null = null;
  const issued: string[] = [];

  const login = async (): Promise<string> => {
    const startedAt = options.now();
    const { token, expiresInSeconds } = await options.login();
    const margin = Math.min(options.refreshMarginSeconds, expiresInSeconds / 2);
    cached = { token, refreshAtMs: startedAt + (expiresInSeconds - margin) * 1000 };
    issued.push(token);
    if (issued.length > REMEMBERED_TOKENS) issued.shift();
    return token;
  };

  return {
    get(signal) {
      if (cached !== null && options.now() < cached.refreshAtMs) {
        return Promise.resolve(cached.token);
      }
      inFlight ??= login().finally(() => {
        inFlight = null;
      });
      return signal === undefined ? inFlight : abortable(inFlight, signal);
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
    knownTokens: () => issued,
  };
}

/** Waits for a shared promise, giving up (without cancelling it) when `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const reason = (): Error =>
    signal.reason instanceof Error ? signal.reason : new Error('aborted');
  if (signal.aborted) return Promise.reject(reason());
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => {
    signal.removeEventListener('abort', onAbort);
  });
}
