/**
 * The ajv-formats formats our schemas use, as the BFF's ajv checks them (ajv-formats "full" mode,
 * which `addFormats(ajv, ['email', ...])` selects). Kept in step by a differential test against
 * the contracts' ajv (`validateSchema.test.ts`).
 */
export const STANDARD_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  email: (value) =>
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(
      value,
    ),
};
