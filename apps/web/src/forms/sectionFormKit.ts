/**
 * Everything a page needs to build and show a PSP's section, loaded on demand
 * (`useSectionFormKit`): RJSF with its MUI templates, the contracts' field rules (libphonenumber's
 * metadata, the wallet checksums), the form builder and the method steps (payout method and PSP;
 * the wizard's with the PSP's section under it).
 * Most of a form page's own download: the page's first screen (the wizard's corridor step, a
 * beneficiary's name, the PSP matrix) renders without it while it loads alongside the page's data.
 */
export { buildPayoutForm, normalizePayout } from '@payouts/contracts';
export { MethodAndRecipientStep } from './sections/MethodAndRecipientStep.js';
export { MethodStep } from './sections/MethodStep.js';
export { RecipientStep } from './sections/RecipientStep.js';
export { SectionForm } from './sections/SectionForm.js';
