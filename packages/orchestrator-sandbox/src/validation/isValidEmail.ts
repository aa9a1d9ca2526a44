// The same shape HTML forms and ajv-formats' "email" accept: a dot-atom local part and a
// dotted host name. Deliberately not RFC 5322 in full (no quoted local parts, no IP literals).
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}
