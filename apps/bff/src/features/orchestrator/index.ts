// What the orchestrator feature offers the other features; they import nothing else of it (lint).
export { orchestratorErrorToAppError } from './orchestratorErrorToAppError.js';
