/** Response headers with lower-case names and one string value each; cookies are dropped. */
export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || lower === 'set-cookie') continue;
    flat[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
