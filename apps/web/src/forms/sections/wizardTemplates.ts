import type { TemplatesType } from '@rjsf/utils';
import { WizardInputTemplate } from './WizardInputTemplate.js';
import { WizardObjectFieldTemplate } from './WizardObjectFieldTemplate.js';

/** The templates every PSP section is rendered with (wizard, providers matrix, lab). */
export const WIZARD_TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> = {
  BaseInputTemplate: WizardInputTemplate,
  ObjectFieldTemplate: WizardObjectFieldTemplate,
};
