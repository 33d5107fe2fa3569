import {
  compilePythonRegex,
  isUnassignedInUnicode14,
  pythonLower,
  pythonRstrip,
  pythonStrip,
} from '@medhelm/python-text';
import englishParameterData from './punkt-english-params.json' with { type: 'json' };

/**
 * The learned parameters of a Punkt model (nltk's `PunktParameters`): abbreviation types (lower
 * case, without the final period), collocations (pairs of types around a period that do not break
 * a sentence), frequent sentence starters, and the orthographic context of each type (a bit set of
 * where it was seen upper/lower case: sentence-initial, sentence-internal, unknown).
 */
export interface PunktParameters {
  abbrevTypes: ReadonlySet<string>;
  /** First type → the second types it forms a collocation with. */
  collocations: ReadonlyMap<string, ReadonlySet<string>>;
  sentStarters: ReadonlySet<string>;
  orthoContext: ReadonlyMap<string, number>;
}

/** The shape of `punkt-english-params.json` (and of any other model's parameters as data). */
export interface PunktParameterData {
  abbrev_types: readonly string[];
  collocations: readonly (readonly string[])[];
  sent_starters: readonly string[];
  ortho_context: Readonly<Record<string, number>>;
}

/** Builds lookup structures from Punkt parameters written as plain data. */
export function punktParametersFromData(data: PunktParameterData): PunktParameters {
  const collocations = new Map<string, Set<string>>();
  for (const [first, second] of data.collocations) {
    if (first === undefined || second === undefined) continue;
    let seconds = collocations.get(first);
    if (seconds === undefined) {
      seconds = new Set();
      collocations.set(first, seconds);
    }
    seconds.add(second);
  }
  return {
    abbrevTypes: new Set(data.abbrev_types),
    collocations,
    sentStarters: new Set(data.sent_starters),
    orthoContext: new Map(Object.entries(data.ortho_context)),
  };
}

// Orthographic context bits (nltk's _ORTHO_* constants).
const ORTHO_BEG_UC = 1 << 1;
const ORTHO_MID_UC = 1 << 2;
const ORTHO_UNK_UC = 1 << 3;
const ORTHO_BEG_LC = 1 << 4;
const ORTHO_MID_LC = 1 << 5;
const ORTHO_UNK_LC = 1 << 6;
const ORTHO_UC = ORTHO_BEG_UC + ORTHO_MID_UC + ORTHO_UNK_UC;
const ORTHO_LC = ORTHO_BEG_LC + ORTHO_MID_LC + ORTHO_UNK_LC;

function withFlags(regex: RegExp, extra: string): RegExp {
  return new RegExp(regex.source, regex.flags + extra);
}

// PunktLanguageVars (English defaults), written in Python `re` syntax and translated once so that
// `\s`, `\S`, `\w`, `\d` and `$` keep Python's meaning.
const NON_WORD_CHARS = String.raw`(?:[)\";}\]\*:@\'\({\[\?!])`;
const MULTI_CHAR_PUNCT = String.raw`(?:\-{2,}|\.{2,}|(?:\.\s){2,}\.)`;
const WORD_START = String.raw`[^\(\"\`{\[:;&\#\*@\)}\]\-,]`;
const SENT_END_CHARS = String.raw`[\.\?!]`;
const SENT_END_CHAR_TOKENS: ReadonlySet<string> = new Set(['.', '?', '!']);

/** `PunktLanguageVars._word_tokenize_fmt`: Punkt's own word tokenizer, used on period contexts. */
const PUNKT_WORD_RE = withFlags(
  compilePythonRegex(
    `${MULTI_CHAR_PUNCT}|(?=${WORD_START})\\S+?(?=\\s|$|${NON_WORD_CHARS}|${MULTI_CHAR_PUNCT}|,(?=$|\\s|${NON_WORD_CHARS}|${MULTI_CHAR_PUNCT}))|\\S`,
  ),
  'g',
);

/** `PunktLanguageVars._period_context_fmt`: a sentence-end character and what follows it. */
const PERIOD_CONTEXT_RE = withFlags(
  compilePythonRegex(`${SENT_END_CHARS}(?=(?P<after_tok>${NON_WORD_CHARS}|\\s+(?P<next_tok>\\S+)))`),
  'g',
);

/** `PunktLanguageVars.re_boundary_realignment` (MULTILINE), applied with `re.match`. */
const BOUNDARY_REALIGNMENT_RE = withFlags(
  compilePythonRegex(String.raw`(?m)["\')\]}]+?(?:\s+|(?=--)|$)`),
  'y',
);

// PunktToken's regexes.
const ELLIPSIS_RE = withFlags(compilePythonRegex(String.raw`\.\.+$`), 'y');
const NUMERIC_RE = compilePythonRegex(String.raw`^-?[\.,]?\d[\d,\.-]*\.?$`);
const INITIAL_RE = withFlags(compilePythonRegex(String.raw`(?:(?!\d)\w)\.$`), 'y');
const UPPERCASE_RE = /^\p{Uppercase}/u;
const LOWERCASE_RE = /^\p{Lowercase}/u;

/** `string.whitespace`, what `_get_last_whitespace_index` looks for (ASCII only). */
const ASCII_WHITESPACE: ReadonlySet<string> = new Set([' ', '\t', '\n', '\r', '\x0b', '\x0c']);

/** Python's `str.isupper()` / `str.islower()` on the first character of a token. */
function firstCharacterMatches(token: string, regex: RegExp): boolean {
  const codePoint = token.codePointAt(0);
  if (codePoint === undefined || !regex.test(token)) return false;
  return codePoint < 0x80 || !isUnassignedInUnicode14(codePoint);
}

/** nltk's `PunktToken`: a word with the annotations of the two passes. */
class PunktToken {
  readonly tok: string;
  readonly type: string;
  readonly periodFinal: boolean;
  sentbreak = false;
  abbr = false;
  ellipsis = false;

  constructor(tok: string) {
    this.tok = tok;
    const lower = pythonLower(tok);
    this.type = lower.replace(NUMERIC_RE, '##number##');
    this.periodFinal = tok.endsWith('.');
  }

  get typeNoPeriod(): string {
    return this.type.length > 1 && this.type.endsWith('.') ? this.type.slice(0, -1) : this.type;
  }

  get typeNoSentperiod(): string {
    return this.sentbreak ? this.typeNoPeriod : this.type;
  }

  get firstUpper(): boolean {
    return firstCharacterMatches(this.tok, UPPERCASE_RE);
  }

  get firstLower(): boolean {
    return firstCharacterMatches(this.tok, LOWERCASE_RE);
  }

  get isEllipsis(): boolean {
    ELLIPSIS_RE.lastIndex = 0;
    return ELLIPSIS_RE.test(this.tok);
  }

  get isInitial(): boolean {
    INITIAL_RE.lastIndex = 0;
    return INITIAL_RE.test(this.tok);
  }
}

interface Slice {
  start: number;
  stop: number;
}

interface PotentialEnd {
  /** Index just after the sentence-end character. */
  end: number;
  /** Where the next token starts, when whitespace (not punctuation) follows. */
  nextTokenStart: number | undefined;
  context: string;
}

/** Python's `text[start:stop]` for non-negative bounds (empty when stop <= start). */
function pySlice(text: string, start: number, stop: number): string {
  return stop <= start ? '' : text.slice(start, stop);
}

/**
 * nltk 3.8's `PunktSentenceTokenizer` (English `PunktLanguageVars`), as `sent_tokenize` runs it:
 * potential sentence ends (`.`, `?`, `!` before punctuation or whitespace) are judged from the word
 * before, the end character and the token after, by the first pass (sentence-end characters,
 * ellipses, known abbreviations) and the second pass (collocations, orthographic heuristic,
 * frequent sentence starters, initials and ordinal numbers); closing quotes and brackets after a
 * break are then moved back onto the sentence they close (`_realign_boundaries`).
 */
export class PunktSentenceTokenizer {
  readonly #params: PunktParameters;

  constructor(params: PunktParameters) {
    this.#params = params;
  }

  /** `tokenize(text)`: the sentences, as substrings of `text`. */
  tokenize(text: string): string[] {
    return this.spanTokenize(text).map(([start, stop]) => text.slice(start, stop));
  }

  /** `span_tokenize(text)`: `[start, stop)` offsets (UTF-16) of each sentence. */
  spanTokenize(text: string): Array<[number, number]> {
    return this.#realignBoundaries(text, this.#slicesFromText(text)).map((slice) => [
      slice.start,
      slice.stop,
    ]);
  }

  #slicesFromText(text: string): Slice[] {
    const slices: Slice[] = [];
    let lastBreak = 0;
    for (const potential of matchPotentialEndContexts(text)) {
      if (this.textContainsSentbreak(potential.context)) {
        slices.push({ start: lastBreak, stop: potential.end });
        lastBreak = potential.nextTokenStart ?? potential.end;
      }
    }
    slices.push({ start: lastBreak, stop: pythonRstrip(text).length });
    return slices;
  }

  #realignBoundaries(text: string, slices: Slice[]): Slice[] {
    const result: Slice[] = [];
    let realign = 0;
    for (let index = 0; index < slices.length; index++) {
      const current = slices[index] as Slice;
      const sentence1 = { start: current.start + realign, stop: current.stop };
      const sentence2 = slices[index + 1];
      if (sentence2 === undefined) {
        if (sentence1.stop > sentence1.start) result.push(sentence1);
        continue;
      }
      BOUNDARY_REALIGNMENT_RE.lastIndex = 0;
      const match = BOUNDARY_REALIGNMENT_RE.exec(pySlice(text, sentence2.start, sentence2.stop));
      if (match !== null) {
        result.push({ start: sentence1.start, stop: sentence2.start + pythonRstrip(match[0]).length });
        realign = match[0].length;
      } else {
        realign = 0;
        if (sentence1.stop > sentence1.start) result.push(sentence1);
      }
    }
    return result;
  }

  /** `text_contains_sentbreak`: whether any token but the last is annotated as a sentence break. */
  textContainsSentbreak(text: string): boolean {
    const tokens = tokenizeWords(text);
    for (const token of tokens) this.#firstPassAnnotation(token);
    for (let index = 0; index + 1 < tokens.length; index++) {
      const token = tokens[index] as PunktToken;
      this.#secondPassAnnotation(token, tokens[index + 1] as PunktToken);
      if (token.sentbreak) return true;
    }
    return false;
  }

  #firstPassAnnotation(token: PunktToken): void {
    const tok = token.tok;
    if (SENT_END_CHAR_TOKENS.has(tok)) {
      token.sentbreak = true;
    } else if (token.isEllipsis) {
      token.ellipsis = true;
    } else if (token.periodFinal && !tok.endsWith('..')) {
      const lower = pythonLower(tok.slice(0, -1));
      const abbrevTypes = this.#params.abbrevTypes;
      if (abbrevTypes.has(lower) || abbrevTypes.has(lower.slice(lower.lastIndexOf('-') + 1))) {
        token.abbr = true;
      } else {
        token.sentbreak = true;
      }
    }
  }

  #secondPassAnnotation(token1: PunktToken, token2: PunktToken): void {
    if (!token1.periodFinal) return;
    const type = token1.typeNoPeriod;
    const nextType = token2.typeNoSentperiod;
    const tokenIsInitial = token1.isInitial;

    // Collocation heuristic.
    if (this.#params.collocations.get(type)?.has(nextType)) {
      token1.sentbreak = false;
      token1.abbr = true;
      return;
    }

    // An abbreviation or ellipsis may also end a sentence.
    if ((token1.abbr || token1.ellipsis) && !tokenIsInitial) {
      if (this.#orthoHeuristic(token2) === true) {
        token1.sentbreak = true;
        return;
      }
      if (token2.firstUpper && this.#params.sentStarters.has(nextType)) {
        token1.sentbreak = true;
        return;
      }
    }

    // Initials and ordinal numbers.
    if (tokenIsInitial || type === '##number##') {
      const isSentStarter = this.#orthoHeuristic(token2);
      if (isSentStarter === false) {
        token1.sentbreak = false;
        token1.abbr = true;
        return;
      }
      if (
        isSentStarter === 'unknown' &&
        tokenIsInitial &&
        token2.firstUpper &&
        !((this.#params.orthoContext.get(nextType) ?? 0) & ORTHO_LC)
      ) {
        token1.sentbreak = false;
        token1.abbr = true;
      }
    }
  }

  #orthoHeuristic(token: PunktToken): boolean | 'unknown' {
    // Python's `tok in ";:,.!?"` is a substring test.
    if (';:,.!?'.includes(token.tok)) return false;
    const orthoContext = this.#params.orthoContext.get(token.typeNoSentperiod) ?? 0;
    if (token.firstUpper && orthoContext & ORTHO_LC && !(orthoContext & ORTHO_MID_UC)) return true;
    if (token.firstLower && (orthoContext & ORTHO_UC || !(orthoContext & ORTHO_BEG_LC))) return false;
    return 'unknown';
  }
}

/** `PunktBaseClass._tokenize_words`: Punkt's word tokens, line by line (paragraph flags unused here). */
function tokenizeWords(text: string): PunktToken[] {
  const tokens: PunktToken[] = [];
  for (const line of text.split('\n')) {
    if (pythonStrip(line) === '') continue;
    PUNKT_WORD_RE.lastIndex = 0;
    for (let match = PUNKT_WORD_RE.exec(line); match !== null; match = PUNKT_WORD_RE.exec(line)) {
      tokens.push(new PunktToken(match[0]));
    }
  }
  return tokens;
}

/** `_get_last_whitespace_index`: the last index of an ASCII whitespace character, or 0 if none. */
function lastWhitespaceIndex(text: string, start: number, stop: number): number {
  for (let index = stop - 1; index >= start; index--) {
    if (ASCII_WHITESPACE.has(text[index] as string)) return index - start;
  }
  return 0;
}

/**
 * `_match_potential_end_contexts` (nltk ≥ 3.6.6, after the ReDoS fix): each sentence-end character
 * with the word before it and what follows it; a match whose preceding word overlaps the next
 * match's (as in `acting!!!`) is dropped, so only the last of a run is judged.
 */
function matchPotentialEndContexts(text: string): PotentialEnd[] {
  const results: PotentialEnd[] = [];
  let previousSlice: Slice = { start: 0, stop: 0 };
  let previous: RegExpExecArray | undefined;
  const contextOf = (match: RegExpExecArray, slice: Slice): PotentialEnd => {
    const afterToken = match.groups?.after_tok ?? '';
    const nextToken = match.groups?.next_tok;
    const end = match.index + match[0].length;
    return {
      end,
      nextTokenStart: nextToken ? end + afterToken.length - nextToken.length : undefined,
      context: pySlice(text, slice.start, slice.stop) + match[0] + afterToken,
    };
  };
  PERIOD_CONTEXT_RE.lastIndex = 0;
  for (let match = PERIOD_CONTEXT_RE.exec(text); match !== null; match = PERIOD_CONTEXT_RE.exec(text)) {
    let wordStart = lastWhitespaceIndex(text, previousSlice.stop, match.index);
    wordStart = wordStart ? wordStart + previousSlice.stop + 1 : previousSlice.start;
    const wordSlice = { start: wordStart, stop: match.index };
    if (previous !== undefined && previousSlice.stop <= wordSlice.start) {
      results.push(contextOf(previous, previousSlice));
    }
    previous = match;
    previousSlice = wordSlice;
  }
  if (previous !== undefined) results.push(contextOf(previous, previousSlice));
  return results;
}

let englishParameters: PunktParameters | undefined;
let englishTokenizer: PunktSentenceTokenizer | undefined;

/**
 * The English Punkt model's parameters (nltk_data `tokenizers/punkt/PY3/english.pickle`, nltk
 * 3.8), built on first use.
 */
export function punktEnglishParameters(): PunktParameters {
  englishParameters ??= punktParametersFromData(englishParameterData as PunktParameterData);
  return englishParameters;
}

/** nltk's `sent_tokenize(text)` (language `english`): Punkt sentence splitting with the English model. */
export function sentTokenize(text: string): string[] {
  englishTokenizer ??= new PunktSentenceTokenizer(punktEnglishParameters());
  return englishTokenizer.tokenize(text);
}
