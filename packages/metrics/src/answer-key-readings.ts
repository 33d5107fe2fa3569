import { isPythonAlphanumeric } from '@medhelm/python-text';
import { normalizeText } from './normalize-text.ts';

/**
 * How a multiple-choice answer that is not itself one of the answer keys ("A.", "a", "(A)") is
 * read. HELM 63754d05 reads none of them (`output_mapping.get(pred)` gives None, and every
 * exact-match stat is then 0); the others are opt-in benchmark variants, never the default:
 *
 * - `helm`: only an answer that is exactly a key (after stripping) counts.
 * - `quasi`: the answer equals a key up to HELM's light processing ({@link quasiAnswerKey}), what
 *   HELM PRs #4214 and #4277 set out to score for PubMedQA.
 * - `strip-punctuation`: HELM PR #4290's lookup ({@link answerKeyWithoutPunctuation}).
 */
export type AnswerKeyReading = 'helm' | 'quasi' | 'strip-punctuation';

/**
 * The key `answer` names up to HELM's light processing: `normalize_text` with the articles kept
 * (lower case, ASCII punctuation removed, whitespace collapsed) on both sides, so `"A."`, `"a"`,
 * `"(A)"` and `"A )"` read as `A`, while `"A. yes"` or `"Answer: A"` read as nothing. Articles are
 * kept as HELM PR #4277's `quasi_leave_articles_exact_match` keeps them: `normalize_text`'s
 * default would remove the letter `a` as an article, so `"A"` would become `""` and match nothing
 * but an answer with no letter at all. Undefined when no key, or more than one, matches.
 */
export function quasiAnswerKey(answer: string, keys: readonly string[]): string | undefined {
  const normalized = normalizeText(answer, false);
  if (normalized === '') return undefined;
  const matches = keys.filter((key) => normalizeText(key, false) === normalized);
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * HELM PR #4290's lookup of an answer that is not a key (its `clean_and_get`, which the PR adds
 * to `compute_reference_metrics`): first the answer's alphanumeric characters alone (Python
 * `str.isalnum`), so `"A."`, `"(A)"` and `"A "` read as `A`; failing that, the first of its
 * alphanumeric characters that is a key. That fallback reads any answer with a capital letter
 * that is a key: `"Answer: C"` reads as `A` (its first letter) and `"Based on the abstract, C"`
 * as `B`. Case is kept: `"a."` reads as nothing. Undefined when nothing matches.
 */
export function answerKeyWithoutPunctuation(answer: string, keys: readonly string[]): string | undefined {
  let alphanumeric = '';
  for (const character of answer) {
    if (isPythonAlphanumeric(character.codePointAt(0) as number)) alphanumeric += character;
  }
  if (keys.includes(alphanumeric)) return alphanumeric;
  for (const character of alphanumeric) if (keys.includes(character)) return character;
  return undefined;
}
