/**
 * Where to go after signing in: only a path inside this app. `//evil.example` and
 * `/\evil.example` are other sites to a browser, so they fall back to the default.
 */
export function safeNextPath(next: string | null, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  if (next.startsWith('/sign-in')) return fallback;
  return next;
}

/** The sign-in URL that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return path === '/' || path === '' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(path)}`;
}
