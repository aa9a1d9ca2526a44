/**
 * Stands in for `fast-uri` in the build (vite.config.ts `resolve.alias`): RJSF uses it only to
 * resolve `$ref`s against a schema's `$id`, and the PSP sections have neither (the schema check,
 * `validateSchema`, refuses `$ref`). The URL standard resolves what an absolute base allows;
 * anything else is left as written. About 7 kB gzip of every form page otherwise.
 */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return a === b;
}

// RJSF imports it as `import UriResolver from 'fast-uri'`: the stand-in must be a default export.
// eslint-disable-next-line no-restricted-syntax
export default { resolve, equal };
