// Python str semantics the prompt code depends on, where JavaScript's built-ins differ.

// Python's str.isspace() characters (Unicode White_Space plus the separators U+001C-U+001F).
// Unlike JavaScript's trimEnd(), it includes U+001C-U+001F and U+0085 and excludes U+FEFF.
const PYTHON_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Python's `str.rstrip()` with no argument. */
export function pythonRstrip(text: string): string {
  let end = text.length;
  // Every Python whitespace character is in the BMP, so UTF-16 units can be tested one by one.
  while (end > 0 && PYTHON_WHITESPACE.has(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

// Python's str.isalnum(): letters (L*) and characters with a numeric value (N*).
const PYTHON_ALNUM = /[\p{L}\p{N}]/u;

/** The first character of `text` for which Python's `str.isalnum()` is true, if any. */
export function firstAlphanumeric(text: string): string | undefined {
  for (const char of text) {
    if (PYTHON_ALNUM.test(char)) return char;
  }
  return undefined;
}
