// What the corridors feature offers the other features; they import nothing else of it (lint).
export { requireKnownCorridor } from './requireKnownCorridor.js';
