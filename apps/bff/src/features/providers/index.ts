// What the providers feature offers the other features; they import nothing else of it (lint).
export { likelyCauseOfMissing } from './providersMatrix.js';
export type { ProvidersService } from './providersService.js';
