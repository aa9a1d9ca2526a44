// What the session feature offers the other features; they import nothing else of it (lint).
export type { CachedSessionRepository } from './sessionCache.js';
export type { OidcRecheck, SessionService } from './sessionService.js';
export type { SignInDelays } from './signInDelays.js';
