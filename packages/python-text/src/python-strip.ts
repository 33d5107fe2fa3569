import { isPythonWhitespace } from './python-character-classes.ts';

/** Python's `str.strip()` with no argument: removes Python whitespace (not JS `trim`'s set). */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  // All Python whitespace is in the BMP, so UTF-16 code units are enough here.
  while (start < end && isPythonWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isPythonWhitespace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** Python's `str.rstrip()` with no argument: removes trailing Python whitespace (not `trimEnd`'s). */
export function pythonRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && isPythonWhitespace(text.charCodeAt(end - 1))) end--;
  return text.slice(0, end);
}

/** Python's `str.split()` with no argument: splits on runs of Python whitespace, drops empty parts. */
export function pythonSplit(text: string): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    if (isPythonWhitespace(text.charCodeAt(index))) {
      if (start >= 0) parts.push(text.slice(start, index));
      start = -1;
    } else if (start < 0) {
      start = index;
    }
  }
  if (start >= 0) parts.push(text.slice(start));
  return parts;
}
