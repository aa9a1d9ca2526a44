const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The English name of an ISO 3166 country code (`BE` -> `Belgium`); the code when unknown. */
export function regionName(code: string): string {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}
