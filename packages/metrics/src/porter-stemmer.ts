import { pythonLower } from '@medhelm/python-text';

/**
 * nltk 3.8's `PorterStemmer()` in its default mode, `NLTK_EXTENSIONS`: the stemmer that
 * rouge_score's `DefaultTokenizer(use_stemmer=True)` runs, and so HELM's ROUGE.
 *
 * This is M. F. Porter's 1980 algorithm (steps 1a to 5b) with the NLTK extensions, which the
 * `stemmer` / `porter-stemmer` / `natural` npm packages do not have (they implement Porter's own
 * "Martin extensions" and disagree with nltk on about 1% of words, e.g. `always`, `aged`, `dies`):
 *
 * - a pool of irregular forms looked up first (`skies` → `sky`, `dying` → `die`, `innings` →
 *   `inning`, `news`, `proceed`, `exceed`, `succeed`, `howe` unchanged);
 * - words of one or two characters are returned (lowercased) untouched;
 * - step 1a: a four-letter word in `ies` becomes `ie` (`dies` → `die`, but `flies` → `fli`);
 * - step 1b: `ied` becomes `ie` in a four-letter word and `i` otherwise (`died` → `die`,
 *   `spied` → `spi`), before the `eed` / `ed` / `ing` rules; `*o` (cvc) is also true of a
 *   two-letter stem vowel + consonant;
 * - step 1c: `y` → `i` only after a consonant that is not the first letter (`happy` → `happi`,
 *   `enjoy` and `by` unchanged, `spy` → `spi`);
 * - step 2: `alli` → `al` tried first and the result run through step 2 again; `bli` → `ble`
 *   (not `abli` → `able`); extra rules `fulli` → `ful` and `logi` → `log` (the measure of the
 *   latter is taken on the stem with its `l`);
 * - step 5b: `ll` → `l` when the measure of the word without its last letter is above 1.
 *
 * The word is lowercased first (Python `str.lower`), but, as in nltk, the pool is consulted with
 * the word as given, so only an already lowercase irregular form hits it. Written from the
 * published algorithm and nltk's documented behaviour; checked against nltk's output on every word
 * of `shared/conformance/porter_stemmer.jsonl`.
 */
export function porterStem(word: string): string {
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) return irregular;
  const lowered = pythonLower(word);
  // Python's len() counts code points: a word of one or two characters is returned as is.
  if (word.length <= 2 || (word.length <= 4 && [...word].length <= 2)) return lowered;
  return SURROGATE_PAIR.test(lowered) ? stemWithPlaceholders(lowered) : stemLowercase(lowered);
}

/** nltk's `irregular_forms`, inverted: form → stem. */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    sky: ['sky', 'skies'],
    die: ['dying'],
    lie: ['lying'],
    tie: ['tying'],
    news: ['news'],
    inning: ['innings', 'inning'],
    outing: ['outings', 'outing'],
    canning: ['cannings', 'canning'],
    howe: ['howe'],
    proceed: ['proceed'],
    exceed: ['exceed'],
    succeed: ['succeed'],
  }).flatMap(([stem, forms]) => forms.map((form) => [form, stem] as const)),
);

function stemLowercase(word: string): string {
  let stem = step1a(word);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = step3(stem);
  stem = step4(stem);
  stem = step5a(stem);
  return step5b(stem);
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/;

/**
 * nltk indexes code points, JavaScript UTF-16 units. The steps only test ASCII letters, remove
 * ASCII suffixes and compare neighbouring characters, so a word with characters outside the BMP
 * is stemmed with each of them replaced by its own private-use BMP character (a consonant, like
 * the character it stands for) and the characters are put back afterwards.
 */
function stemWithPlaceholders(word: string): string {
  const characters = [...word];
  const present = new Set(characters);
  const toPlaceholder = new Map<string, string>();
  const fromPlaceholder = new Map<string, string>();
  let next = 0xe000;
  for (const character of characters) {
    if (character.length === 1 || toPlaceholder.has(character)) continue;
    while (present.has(String.fromCharCode(next))) next++;
    const placeholder = String.fromCharCode(next++);
    toPlaceholder.set(character, placeholder);
    fromPlaceholder.set(placeholder, character);
  }
  const stem = stemLowercase(
    characters.map((character) => toPlaceholder.get(character) ?? character).join(''),
  );
  return [...stem].map((character) => fromPlaceholder.get(character) ?? character).join('');
}

function isVowelLetter(character: string | undefined): boolean {
  return (
    character === 'a' || character === 'e' || character === 'i' || character === 'o' || character === 'u'
  );
}

/**
 * Porter's consonant: not a, e, i, o, u, and not a `y` that follows a consonant. A `y` at the
 * start is a consonant, so in a run of `y`s the kind alternates from the letter before the run.
 */
function isConsonant(word: string, index: number): boolean {
  const character = word[index];
  if (isVowelLetter(character)) return false;
  if (character !== 'y') return true;
  let runStart = index;
  while (runStart > 0 && word[runStart - 1] === 'y') runStart--;
  const firstIsConsonant = runStart === 0 || isVowelLetter(word[runStart - 1]);
  return (index - runStart) % 2 === 0 ? firstIsConsonant : !firstIsConsonant;
}

/** Porter's m: the number of vowel-consonant sequences in `[C](VC)^m[V]`. */
function measure(stem: string): number {
  let count = 0;
  let previousIsVowel = false;
  for (let index = 0; index < stem.length; index++) {
    const consonant = isConsonant(stem, index);
    if (consonant && previousIsVowel) count++;
    previousIsVowel = !consonant;
  }
  return count;
}

function containsVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true;
  return false;
}

/** `*d`: ends with a double consonant. */
function endsDoubleConsonant(word: string): boolean {
  const length = word.length;
  return length >= 2 && word[length - 1] === word[length - 2] && isConsonant(word, length - 1);
}

/** `*o`: ends consonant-vowel-consonant, the last not w, x or y; NLTK also accepts a bare `vc`. */
function endsCvc(word: string): boolean {
  const length = word.length;
  if (length >= 3) {
    const last = word[length - 1];
    if (
      isConsonant(word, length - 3) &&
      !isConsonant(word, length - 2) &&
      isConsonant(word, length - 1) &&
      last !== 'w' &&
      last !== 'x' &&
      last !== 'y'
    ) {
      return true;
    }
  }
  return length === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

/** `[suffix, replacement, condition on the stem (word without suffix) and the whole word]`. */
type Rule = readonly [
  suffix: string,
  replacement: string,
  condition?: (stem: string, word: string) => boolean,
];

/**
 * nltk's `_apply_rule_list`: the first rule whose suffix the word ends with decides. Its condition
 * holding, the suffix is replaced; otherwise the word stays as it is and no later rule is tried.
 */
function applyRuleList(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === undefined || condition(stem, word) ? stem + replacement : word;
    }
  }
  return word;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

const STEP_1A_RULES: readonly Rule[] = [
  ['sses', 'ss'],
  ['ies', 'i'],
  ['ss', 'ss'],
  ['s', ''],
];

function step1a(word: string): string {
  if (word.length === 4 && word.endsWith('ies')) return `${word.slice(0, 1)}ie`;
  return applyRuleList(word, STEP_1A_RULES);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.length === 4 ? `${word.slice(0, 1)}ie` : `${word.slice(0, -3)}i`;
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | undefined;
  if (word.endsWith('ed')) {
    const candidate = word.slice(0, -2);
    if (containsVowel(candidate)) stem = candidate;
  } else if (word.endsWith('ing')) {
    const candidate = word.slice(0, -3);
    if (containsVowel(candidate)) stem = candidate;
  }
  if (stem === undefined) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsDoubleConsonant(stem)) {
    const last = stem[stem.length - 1];
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
  }
  return measure(stem) === 1 && endsCvc(stem) ? `${stem}e` : stem;
}

function step1c(word: string): string {
  if (!word.endsWith('y')) return word;
  const stem = word.slice(0, -1);
  return stem.length > 1 && isConsonant(stem, stem.length - 1) ? `${stem}i` : word;
}

const STEP_2_RULES: readonly Rule[] = [
  ['ational', 'ate', positiveMeasure],
  ['tional', 'tion', positiveMeasure],
  ['enci', 'ence', positiveMeasure],
  ['anci', 'ance', positiveMeasure],
  ['izer', 'ize', positiveMeasure],
  ['bli', 'ble', positiveMeasure],
  ['alli', 'al', positiveMeasure],
  ['entli', 'ent', positiveMeasure],
  ['eli', 'e', positiveMeasure],
  ['ousli', 'ous', positiveMeasure],
  ['ization', 'ize', positiveMeasure],
  ['ation', 'ate', positiveMeasure],
  ['ator', 'ate', positiveMeasure],
  ['alism', 'al', positiveMeasure],
  ['iveness', 'ive', positiveMeasure],
  ['fulness', 'ful', positiveMeasure],
  ['ousness', 'ous', positiveMeasure],
  ['aliti', 'al', positiveMeasure],
  ['iviti', 'ive', positiveMeasure],
  ['biliti', 'ble', positiveMeasure],
  ['fulli', 'ful', positiveMeasure],
  // The `l` of `logi` stays with the stem for the measure, so `geologi` and `theologi` qualify.
  ['logi', 'log', (_stem, word) => measure(word.slice(0, -3)) > 0],
];

function step2(word: string): string {
  if (word.endsWith('alli')) {
    const stem = word.slice(0, -4);
    if (measure(stem) > 0) return step2(`${stem}al`);
  }
  return applyRuleList(word, STEP_2_RULES);
}

const STEP_3_RULES: readonly Rule[] = [
  ['icate', 'ic', positiveMeasure],
  ['ative', '', positiveMeasure],
  ['alize', 'al', positiveMeasure],
  ['iciti', 'ic', positiveMeasure],
  ['ical', 'ic', positiveMeasure],
  ['ful', '', positiveMeasure],
  ['ness', '', positiveMeasure],
];

function step3(word: string): string {
  return applyRuleList(word, STEP_3_RULES);
}

const STEP_4_RULES: readonly Rule[] = [
  ['al', '', measureAboveOne],
  ['ance', '', measureAboveOne],
  ['ence', '', measureAboveOne],
  ['er', '', measureAboveOne],
  ['ic', '', measureAboveOne],
  ['able', '', measureAboveOne],
  ['ible', '', measureAboveOne],
  ['ant', '', measureAboveOne],
  ['ement', '', measureAboveOne],
  ['ment', '', measureAboveOne],
  ['ent', '', measureAboveOne],
  ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
  ['ou', '', measureAboveOne],
  ['ism', '', measureAboveOne],
  ['ate', '', measureAboveOne],
  ['iti', '', measureAboveOne],
  ['ous', '', measureAboveOne],
  ['ive', '', measureAboveOne],
  ['ize', '', measureAboveOne],
];

function step4(word: string): string {
  return applyRuleList(word, STEP_4_RULES);
}

/** Unlike the other steps, both conditions of step 5a are tried (`m > 1`, then `m = 1 and not *o`). */
function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return word.endsWith('ll') && measure(word.slice(0, -1)) > 1 ? word.slice(0, -1) : word;
}
