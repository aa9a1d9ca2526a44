// What the beneficiaries feature offers the other features; they import nothing else of it (lint).
export type { BeneficiaryPayouts } from './beneficiaryPayouts.js';
export type { BeneficiaryEditing } from './beneficiaryEditing.js';
