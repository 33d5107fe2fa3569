import { isUnassignedInUnicode14 } from './unicode-14.ts';

/**
 * Python 3.11's `str.lower()`: full Unicode lowercasing (`'İ'` becomes `'i̇'`, two characters) with
 * the final-sigma rule, as `String.prototype.toLowerCase` also does. The one difference is the
 * Unicode version: characters that were assigned after Unicode 14.0 (Python 3.11's database) keep
 * their case in Python, so the text is lowercased in runs around them. Cutting a run there is
 * exact for the final-sigma rule too, because Python sees such a character as neither cased nor
 * case-ignorable, just like the end of the text.
 */
export function pythonLower(text: string): string {
  let result = '';
  let runStart = 0;
  let index = 0;
  while (index < text.length) {
    const codePoint = text.codePointAt(index) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    if (codePoint > 0x7f && isUnassignedInUnicode14(codePoint)) {
      result += text.slice(runStart, index).toLowerCase() + text.slice(index, index + width);
      runStart = index + width;
    }
    index += width;
  }
  return result + text.slice(runStart).toLowerCase();
}
