/**
 * Bank details checked before money moves: IBANs (structure, the country's length and format,
 * the mod-97 check digits and the country against the corridor's, with ibantools), BICs (ISO 9362
 * shape and country), US ABA routing numbers (their check digit), UK sort codes and the account
 * number shapes of the corridors that do not use IBANs.
 *
 * Each check answers the first thing wrong with a value, so a field shows one message that says
 * what to fix. `BANK_FORMATS` turns the checks into the schema formats the browser and the BFF
 * share (`CUSTOM_FORMATS`); `bankFieldRule` (fieldRules.ts) picks the check for a field from its
 * name, its title and the corridor.
 */
import {
  getCountrySpecifications,
  isSEPACountry,
  validateBIC,
  validateIBAN,
  ValidationErrorsBIC,
  ValidationErrorsIBAN,
} from 'ibantools';

/** Spaces and dashes people type in groups go; letters are upper case. */
export function compactBankValue(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/;

/** Countries that write bank accounts as IBANs (the IBAN registry's and ibantools' list). */
export function ibanCountries(): string[] {
  const specs = getCountrySpecifications();
  return Object.keys(specs).filter((code) => specs[code]?.chars != null);
}

/** The length of `country`'s IBANs, or undefined where it has none. */
export function ibanLength(country: string): number | undefined {
  return getCountrySpecifications()[country]?.chars ?? undefined;
}

export type IbanProblem = 'shape' | 'country' | 'length' | 'format' | 'checksum';

/** The first thing wrong with `value` as an IBAN for a payout to `country`, or null. */
export function ibanProblem(value: string, country: string): IbanProblem | null {
  const iban = compactBankValue(value);
  if (!IBAN_SHAPE.test(iban)) return 'shape';
  if (iban.slice(0, 2) !== country) return 'country';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'country';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'length';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return 'format';
  return errorCodes.length > 0 ? 'checksum' : null;
}

/** What to tell someone whose IBAN for `country` has `problem`. */
export function ibanMessage(problem: IbanProblem, country: string): string {
  switch (problem) {
    case 'shape':
      return 'An IBAN starts with two letters for its country and two check digits, then only letters and digits.';
    case 'country':
      return `This payout goes to ${country}: the IBAN must be one from ${country} (it starts with ${country}).`;
    case 'length':
      return `An IBAN from ${country} has ${ibanLength(country) ?? 'a fixed number of'} characters.`;
    case 'format':
      return `This is not how an IBAN from ${country} is written: check the letters and digits after the first four.`;
    case 'checksum':
      return 'The IBAN’s check digits do not match the rest: check it for a typo.';
  }
}

const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export type BicProblem = 'shape' | 'country';

/** The first thing wrong with `value` as a BIC (ISO 9362) of a bank in `country`, or null. */
export function bicProblem(value: string, country: string): BicProblem | null {
  const bic = compactBankValue(value);
  if (!BIC_SHAPE.test(bic)) return 'shape';
  const { errorCodes } = validateBIC(bic);
  if (errorCodes.includes(ValidationErrorsBIC.WrongBICFormat)) return 'shape';
  if (errorCodes.includes(ValidationErrorsBIC.NoBICCountry) || bic.slice(4, 6) !== country) {
    return 'country';
  }
  return null;
}

export function bicMessage(problem: BicProblem, country: string): string {
  return problem === 'shape'
    ? 'A BIC (SWIFT code) has 8 or 11 letters and digits: 4 for the bank, 2 for its country, 2 for the place, then maybe 3 for the branch.'
    : `This payout goes to ${country}: the BIC must be of a bank in ${country} (its 5th and 6th letters are ${country}).`;
}

export type AbaProblem = 'shape' | 'checksum';

/**
 * The first thing wrong with a US ABA routing number, or null: nine digits whose weighted sum
 * (3, 7, 1, repeated) is a multiple of 10. Written here: the rule is three lines, and the
 * packages that hold it are unmaintained one-liners (docs/decisions/045).
 */
export function abaProblem(value: string): AbaProblem | null {
  const digits = compactBankValue(value);
  if (!/^[0-9]{9}$/.test(digits)) return 'shape';
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return sum % 10 === 0 ? null : 'checksum';
}

export function abaMessage(problem: AbaProblem): string {
  return problem === 'shape'
    ? 'A US routing number (ABA) has 9 digits.'
    : 'This routing number’s check digit does not match: check it for a typo.';
}

/** Whether a payout to `country` names its bank account by IBAN when its PSP does not say. */
export function usesIbanByDefault(country: string): boolean {
  // SEPA countries pay to IBANs; the UK keeps sort code and account number at home.
  return country !== 'GB' && isSEPACountry(country) && ibanLength(country) !== undefined;
}

/** Local account numbers of the corridors that do not use IBANs: digits, this many. */
export const LOCAL_ACCOUNT_DIGITS: Readonly<
  Record<string, { min: number; max: number; name: string }>
> = {
  US: { min: 4, max: 17, name: 'A US account number' },
  GB: { min: 8, max: 8, name: 'A UK account number' },
  CA: { min: 7, max: 12, name: 'A Canadian account number' },
  AU: { min: 6, max: 10, name: 'An Australian account number' },
  JP: { min: 7, max: 7, name: 'A Japanese account number' },
};

/** Domestic bank and branch codes, digits only: the UK's sort code, Australia's BSB. */
export const LOCAL_BANK_CODE_DIGITS: Readonly<Record<string, { digits: number; name: string }>> = {
  GB: { digits: 6, name: 'A UK sort code' },
  AU: { digits: 6, name: 'An Australian BSB' },
};

/** The schema format that checks an IBAN for `country` for `problem` (one per problem). */
export function ibanFormat(country: string, problem: IbanProblem): string {
  return `iban-${country.toLowerCase()}-${problem}`;
}

export function bicFormat(country: string, problem: BicProblem): string {
  return `bic-${country.toLowerCase()}-${problem}`;
}

export const ABA_CHECKSUM_FORMAT = 'aba-routing-checksum';

export const IBAN_PROBLEMS: readonly IbanProblem[] = [
  'shape',
  'country',
  'length',
  'format',
  'checksum',
];
export const BIC_PROBLEMS: readonly BicProblem[] = ['shape', 'country'];

/**
 * One format per (country, problem): each fails only when its problem is the first one, so a
 * value gets one message. The shapes are formats too (not patterns), so a value typed in groups
 * (`DE89 3704 …`) is checked as it will be sent.
 */
function bankFormats(): Record<string, (value: string) => boolean> {
  const formats: Record<string, (value: string) => boolean> = {};
  for (const country of ibanCountries()) {
    for (const problem of IBAN_PROBLEMS) {
      formats[ibanFormat(country, problem)] = (value) => ibanProblem(value, country) !== problem;
    }
  }
  for (const country of ibanCountries().concat(Object.keys(LOCAL_ACCOUNT_DIGITS))) {
    for (const problem of BIC_PROBLEMS) {
      formats[bicFormat(country, problem)] = (value) => bicProblem(value, country) !== problem;
    }
  }
  formats[ABA_CHECKSUM_FORMAT] = (value) => abaProblem(value) !== 'checksum';
  return formats;
}

export const BANK_FORMATS: Readonly<Record<string, (value: string) => boolean>> =
  /* @__PURE__ */ bankFormats();

/** Whether a BIC format exists for `country` (every IBAN country and the local corridors). */
export function hasBicFormat(country: string): boolean {
  return Object.hasOwn(BANK_FORMATS, bicFormat(country, 'shape'));
}
