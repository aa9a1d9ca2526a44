// What the separationOfDuties feature offers the other features; they import nothing else of it (lint).
export { createSeparationOfDuties } from './separationOfDuties.js';
export type { SecondPersonQuestion, SeparationOfDuties } from './separationOfDuties.js';
