/** RFC 6901: `~` and `/` inside a segment are escaped as `~0` and `~1`. */
export function toJsonPointer(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => '/' + String(segment).replaceAll('~', '~0').replaceAll('/', '~1'))
    .join('');
}
