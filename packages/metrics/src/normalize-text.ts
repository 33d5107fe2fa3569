import { isPythonWordCharacter, pythonLower, pythonSplit } from '@medhelm/python-text';

/** Python's `string.punctuation`: ASCII only, so `’`, `¿`, `—` or `，` are kept. */
const ASCII_PUNCTUATION: ReadonlySet<string> = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

const ARTICLES = ['a', 'an', 'the'] as const;

/**
 * HELM's `normalize_text` (evaluate_reference_metrics.py, from the QuAC scorer): Python
 * `str.lower`, then removal of ASCII punctuation, then (by default) the articles `a`, `an`, `the`
 * as whole words, then whitespace collapsed with Python's `str.split()`.
 *
 * The order matters and is HELM's: punctuation goes before articles, so `"the-heart"` becomes
 * `"theheart"` (no article left) and `"(A)"` becomes the article `a` and disappears.
 */
export function normalizeText(text: string, shouldRemoveArticles = true): string {
  let normalized = removeAsciiPunctuation(pythonLower(text));
  if (shouldRemoveArticles) normalized = removeArticles(normalized);
  return pythonSplit(normalized).join(' ');
}

function removeAsciiPunctuation(text: string): string {
  let result = '';
  for (const character of text) if (!ASCII_PUNCTUATION.has(character)) result += character;
  return result;
}

/**
 * Python's `re.sub(r"\b(a|an|the)\b", " ", text)`. Python's `\b` is Unicode-aware (letters, digits
 * of any script and `_` are word characters) while JavaScript's is ASCII-only even with the `u`
 * flag, hence the explicit scan. Boundaries are judged on the original text, as `re.sub` does.
 */
function removeArticles(text: string): string {
  let result = '';
  let copiedUpTo = 0;
  let index = 0;
  while (index < text.length) {
    const article = articleAt(text, index);
    if (article !== undefined) {
      result += `${text.slice(copiedUpTo, index)} `;
      index += article.length;
      copiedUpTo = index;
    } else {
      index++;
    }
  }
  return result + text.slice(copiedUpTo);
}

function articleAt(text: string, index: number): string | undefined {
  const first = text[index];
  if (first !== 'a' && first !== 't') return undefined;
  if (index > 0 && isPythonWordCharacter(codePointBefore(text, index))) return undefined;
  for (const article of ARTICLES) {
    if (!text.startsWith(article, index)) continue;
    const end = index + article.length;
    if (end >= text.length || !isPythonWordCharacter(text.codePointAt(end) as number)) return article;
  }
  return undefined;
}

function codePointBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2) as number;
  }
  return low;
}
