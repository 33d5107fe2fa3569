import { describe, expect, it } from 'vitest';
import { compilePythonRegex, pythonReSearch } from './compile-python-regex.ts';

// Expected values were checked against CPython 3.11's `re.search`, read the way HELM's
// `_apply_output_mapping_pattern` reads it: `""` when nothing matches, group 1 when the pattern
// has groups (None when that group did not take part), else the whole match.
function searchResult(pattern: string, text: string): string | null {
  const match = pythonReSearch(pattern, text);
  if (match === null) return '';
  return match.length > 1 ? (match[1] ?? null) : (match[0] ?? '');
}

describe('compilePythonRegex / pythonReSearch', () => {
  it.each([
    ['([A-D])', 'The answer is A.', 'A'],
    ['\\b([A-D])\\b', 'I think B', 'B'],
    ['[A-D]', 'option d', ''],
    // Python's \b sees the accented letter as part of the word "ÉA".
    ['\\b([A-D])\\b', '\u00c9A B', 'B'],
    ['\\d+', 'x \u0663\u0664 y', '\u0663\u0664'],
    ['(?P<k>[A-D])\\)', 'see C)', 'C'],
    ['(?P<k>[A-D])(?P=k)', 'AB BB', 'B'],
    ['^Answer: (\\w)$', 'Answer: B\n', 'B'],
    ['^Answer: (\\w)$', 'Answer: B\n\n', ''],
    ['a.b', 'a\nb a\rb', 'a\rb'],
    ['x{,2}y', 'xxxy', 'xxy'],
    ['{}', 'a{}', '{}'],
    ['[]A]', ']', ']'],
    ['(?i)answer: ([a-d])', 'ANSWER: C', 'C'],
    ['\\s(\\w)\\s', 'a\u001cb\u0085c', 'b'],
    ['\\Aa', 'ba', ''],
    ['a\\Z', 'a\n', ''],
    ['a$', 'a\n', 'a'],
  ])('%j on %j gives %j', (pattern, text, expected) => {
    expect(searchResult(pattern, text)).toBe(expected);
  });

  it('gives null for a group that did not take part (Python None)', () => {
    expect(searchResult('(X)|(Y)', 'Y')).toBeNull();
    expect(pythonReSearch('(X)|(Y)', 'Y')).toEqual(['Y', null, 'Y']);
  });

  it('rejects what JavaScript cannot express instead of matching something else', () => {
    expect(() => compilePythonRegex('(?>a)')).toThrow(/MedHelm|group syntax/);
    expect(() => compilePythonRegex('a*+')).toThrow();
    expect(() => compilePythonRegex('[\\W]')).toThrow(/inside a character set/);
    expect(() => compilePythonRegex('\\q')).toThrow(/escape/);
  });
});
