import { compilePythonRegex, isPythonWhitespace } from '@medhelm/python-text';

/**
 * One substitution of the tokenizer: a Python `re` pattern (translated once, so `\w`, `\d`, `\s`
 * and `$` keep Python's Unicode meaning) with a JavaScript replacement string (`$1` for `\1`, `$&`
 * for `\g<0>`), and the literal strings of which the text must contain at least one for the
 * pattern to match at all. The rule is skipped when none is present, which changes nothing but
 * saves running most patterns on most sentences.
 */
interface Rule {
  regex: RegExp;
  replacement: string;
  triggers: readonly string[];
}

function rule(pythonPattern: string, replacement: string, triggers: readonly string[]): Rule {
  const regex = compilePythonRegex(pythonPattern);
  return { regex: new RegExp(regex.source, `${regex.flags}g`), replacement, triggers };
}

// nltk 3.8 `NLTKWordTokenizer` (nltk/tokenize/destructive.py), the improved Treebank tokenizer.
const STARTING_QUOTES: readonly Rule[] = [
  rule('([«“‘„]|[`]+)', ' $1 ', ['«', '“', '‘', '„', '`']),
  rule(String.raw`^\"`, '``', ['"']),
  rule('(``)', ' $1 ', ['``']),
  rule(String.raw`([ \(\[{<])(\"|\'{2})`, '$1 `` ', ['"', "''"]),
  // nltk: `(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b`; a `\b` right after `\w` is `(?!\w)`.
  rule(String.raw`(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)(?!\w)`, '$1 $2', ["'"]),
];

const PUNCTUATION: readonly Rule[] = [
  rule(String.raw`([^\.])(\.)([\]\)}>"\']*)\s*$`, '$1 $2 $3 ', ['.']),
  rule(String.raw`([:,])([^\d])`, ' $1 $2', [':', ',']),
  rule('([:,])$', ' $1 ', [':', ',']),
  rule(String.raw`\.{2,}`, ' $& ', ['..']),
  rule('[;@#$%&]', ' $& ', [';', '@', '#', '$', '%', '&']),
  rule(String.raw`([^\.])(\.)([\]\)}>"\']*)\s*$`, '$1 $2$3 ', ['.']),
  rule('[?!]', ' $& ', ['?', '!']),
  rule("([^'])' ", "$1 ' ", ["' "]),
  rule('[*]', ' $& ', ['*']),
];

const PARENS_BRACKETS: Rule = rule(String.raw`[\]\[\(\)\{\}\<\>]`, ' $& ', [
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '<',
  '>',
]);

const DOUBLE_DASHES: Rule = rule('--', ' -- ', ['--']);

const ENDING_QUOTES: readonly Rule[] = [
  rule('([»”’])', ' $1 ', ['»', '”', '’']),
  rule("''", " '' ", ["''"]),
  rule('"', " '' ", ['"']),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", '$1 $2 ', ["'"]),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", '$1 $2 ', ["'"]),
];

// Robert MacIntyre's contractions (CONTRACTIONS2 and CONTRACTIONS3; nltk leaves CONTRACTIONS4 out).
// nltk writes `\b` around them; next to a word character `\b` is the same as `(?<!\w)` before it
// and `(?!\w)` after it, which JavaScript's engine runs far faster than a general `\b`.
const CONTRACTIONS: readonly Rule[] = [
  String.raw`(?i)(?<!\w)(can)(not)(?!\w)`,
  String.raw`(?i)(?<!\w)(d)('ye)(?!\w)`,
  String.raw`(?i)(?<!\w)(gim)(me)(?!\w)`,
  String.raw`(?i)(?<!\w)(gon)(na)(?!\w)`,
  String.raw`(?i)(?<!\w)(got)(ta)(?!\w)`,
  String.raw`(?i)(?<!\w)(lem)(me)(?!\w)`,
  String.raw`(?i)(?<!\w)(more)('n)(?!\w)`,
  String.raw`(?i)(?<!\w)(wan)(na)(?=\s)`,
  String.raw`(?i) ('t)(is)(?!\w)`,
  String.raw`(?i) ('t)(was)(?!\w)`,
].map((pattern) => rule(pattern, ' $1 $2 ', []));

/**
 * A necessary condition for any contraction to match: one of these letter sequences, in any case.
 * None of their letters has a non-ASCII case variant in Python's or JavaScript's case-insensitive
 * matching, so the test is exact.
 */
const CONTRACTION_HINT = /nnot|'ye|mme|nna|tta|'n|'t/iu;

function applyRule(text: string, { regex, replacement, triggers }: Rule): string {
  for (const trigger of triggers) {
    if (text.includes(trigger)) return text.replace(regex, replacement);
  }
  return text;
}

function applyRules(text: string, rules: readonly Rule[]): string {
  let result = text;
  for (const each of rules) result = applyRule(result, each);
  return result;
}

/** Python's `str.split()`, with a fast path for printable ASCII. */
function splitOnPythonWhitespace(text: string): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const whitespace = code > 0x20 && code < 0x7f ? false : isPythonWhitespace(code);
    if (whitespace) {
      if (start >= 0) parts.push(text.slice(start, index));
      start = -1;
    } else if (start < 0) {
      start = index;
    }
  }
  if (start >= 0) parts.push(text.slice(start));
  return parts;
}

/**
 * nltk 3.8's `NLTKWordTokenizer().tokenize(text)` (what `word_tokenize` runs on each sentence):
 * Penn Treebank conventions with nltk's improvements — an opening `"` becomes ` `` `, a closing
 * `"` becomes `''`, Unicode quotes and `«»` are split off, the final period (with closing brackets
 * and quotes after it) is split off but inner periods are not, `,`/`:` are split off unless a
 * digit follows, brackets, `--`, `...`, `;@#$%&?!*` are padded, clitics (`'s`, `n't`, `'ll`, ...)
 * and `cannot`/`gonna`/`'tis`-style contractions are split. Parentheses are not converted to
 * `-LRB-` (nltk's default).
 */
export function treebankWordTokenize(text: string): string[] {
  let result = applyRules(text, STARTING_QUOTES);
  result = applyRules(result, PUNCTUATION);
  result = applyRule(result, PARENS_BRACKETS);
  result = applyRule(result, DOUBLE_DASHES);
  result = ` ${result} `;
  result = applyRules(result, ENDING_QUOTES);
  if (CONTRACTION_HINT.test(result)) {
    for (const { regex, replacement } of CONTRACTIONS) result = result.replace(regex, replacement);
  }
  return splitOnPythonWhitespace(result);
}
