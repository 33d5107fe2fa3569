import { ConfigError } from '@medhelm/core';

// Python's `re` on str patterns is Unicode-aware where JavaScript is not (`\w`, `\d`, `\s`, `\b`),
// `.` and `$` differ on line breaks, and the group and quantifier syntax differs. These pieces
// rewrite a Python pattern into an equivalent JavaScript `u`-mode pattern.
const WORD = '[\\p{L}\\p{N}_]';
const NOT_WORD = '[^\\p{L}\\p{N}_]';
const WHITESPACE_RANGES =
  '\\t-\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const START_OF_TEXT = '(?<![\\s\\S])';
const END_OF_TEXT = '(?![\\s\\S])';
const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');
const CLASS_SYNTAX_CHARACTERS = new Set('\\]^-[');
const HEX = /^[0-9a-fA-F]+$/;

interface Flags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
}

/**
 * Compiles a Python `re` pattern (as HELM's `output_mapping_pattern` is written) into a JavaScript
 * RegExp that matches the same strings: `\w`, `\d`, `\s`, `\b` with Python's Unicode meaning, `.`
 * not matching `\n` only, `$` also before a final `\n`, `(?P<name>...)`, `(?P=name)`, `{,n}`,
 * literal `{`/`}`/`]` where Python reads them literally, and leading inline flags `(?i)`, `(?m)`,
 * `(?s)`. Constructs JavaScript cannot express (atomic groups, possessive quantifiers,
 * conditionals, scoped or verbose flags, `\W`/`\S` inside a character class) throw a ConfigError
 * rather than silently matching something else.
 */
export function compilePythonRegex(pattern: string): RegExp {
  const flags: Flags = { ignoreCase: false, multiline: false, dotAll: false };
  const source = translate(pattern, flags);
  const jsFlags = `u${flags.ignoreCase ? 'i' : ''}`;
  try {
    return new RegExp(source, jsFlags);
  } catch (error) {
    throw new ConfigError(`Cannot use the Python regular expression ${JSON.stringify(pattern)}`, {
      cause: error,
      hint: 'Use a pattern both Python and JavaScript understand.',
    });
  }
}

/**
 * Python's `re.search(pattern, text)`: the first match anywhere, as `[whole match, ...groups]`
 * with `null` for groups that did not take part, or `null` when nothing matches.
 */
export function pythonReSearch(pattern: string | RegExp, text: string): (string | null)[] | null {
  const regex = typeof pattern === 'string' ? compilePythonRegex(pattern) : pattern;
  const match = regex.exec(text);
  if (match === null) return null;
  return Array.from(match, (group) => group ?? null);
}

function unsupported(pattern: string, what: string): never {
  throw new ConfigError(`The Python regular expression ${JSON.stringify(pattern)} uses ${what}`, {
    hint: 'JavaScript has no equivalent; rewrite the pattern without it.',
  });
}

function translate(pattern: string, flags: Flags): string {
  const characters = Array.from(pattern);
  let output = '';
  let index = 0;
  let inClass = false;
  let classStart = -1;

  // Leading global inline flags, e.g. "(?i)".
  const leading = /^\(\?([aiLmsux]+)\)/.exec(pattern);
  if (leading) {
    for (const flag of leading[1] as string) {
      if (flag === 'i') flags.ignoreCase = true;
      else if (flag === 'm') flags.multiline = true;
      else if (flag === 's') flags.dotAll = true;
      else if (flag !== 'u') unsupported(pattern, `the inline flag (?${flag})`);
    }
    index = (leading[0] as string).length;
  }

  while (index < characters.length) {
    const character = characters[index] as string;
    if (character === '\\') {
      const [translated, consumed] = translateEscape(pattern, characters, index, inClass);
      output += translated;
      index += consumed;
      continue;
    }
    if (inClass) {
      if (character === ']' && index !== classStart) {
        inClass = false;
        output += ']';
      } else if (character === '[' || character === ']') {
        output += `\\${character}`;
      } else {
        output += character;
      }
      index++;
      continue;
    }
    switch (character) {
      case '[': {
        inClass = true;
        output += '[';
        index++;
        if (characters[index] === '^') {
          output += '^';
          index++;
        }
        // A `]` right after `[` or `[^` is a literal in Python.
        classStart = index;
        continue;
      }
      case '.':
        output += flags.dotAll ? '[\\s\\S]' : '[^\\n]';
        break;
      case '^':
        output += flags.multiline ? `(?:${START_OF_TEXT}|(?<=\\n))` : START_OF_TEXT;
        break;
      case '$':
        output += flags.multiline ? `(?=\\n|${END_OF_TEXT})` : `(?=\\n?${END_OF_TEXT})`;
        break;
      case '(': {
        const [translated, consumed] = translateGroupOpening(pattern, characters, index);
        output += translated;
        index += consumed;
        continue;
      }
      case '{': {
        const [translated, consumed] = translateBrace(characters, index);
        output += translated;
        index += consumed;
        continue;
      }
      case '}':
      case ']':
        output += `\\${character}`;
        break;
      default:
        output += character;
    }
    index++;
  }
  if (inClass) unsupported(pattern, 'an unterminated character set');
  return output;
}

function translateGroupOpening(pattern: string, characters: string[], index: number): [string, number] {
  const rest = characters.slice(index, index + 4).join('');
  if (!rest.startsWith('(?')) return ['(', 1];
  if (rest.startsWith('(?P<')) return ['(?<', 4];
  if (rest.startsWith('(?P=')) {
    const end = characters.indexOf(')', index);
    if (end < 0) unsupported(pattern, 'an unterminated (?P=name)');
    return [`\\k<${characters.slice(index + 4, end).join('')}>`, end - index + 1];
  }
  if (rest.startsWith('(?#')) {
    const end = characters.indexOf(')', index);
    if (end < 0) unsupported(pattern, 'an unterminated comment');
    return ['', end - index + 1];
  }
  if (rest.startsWith('(?:') || rest.startsWith('(?=') || rest.startsWith('(?!'))
    return [rest.slice(0, 3), 3];
  if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) return [rest, 4];
  if (rest.startsWith('(?<')) return ['(?<', 3];
  return unsupported(pattern, `the group syntax ${rest}`);
}

/** Python reads `{m}`, `{m,}`, `{,n}`, `{m,n}` and `{,}` as quantifiers and any other `{` literally. */
function translateBrace(characters: string[], index: number): [string, number] {
  const match = /^\{(\d*)(?:(,)(\d*))?\}/.exec(characters.slice(index, index + 24).join(''));
  if (!match || (match[1] === '' && match[2] === undefined)) return ['\\{', 1];
  const low = match[1] === '' ? '0' : (match[1] as string);
  const quantifier = match[2] === undefined ? `{${low}}` : `{${low},${match[3] ?? ''}}`;
  return [quantifier, (match[0] as string).length];
}

function translateEscape(
  pattern: string,
  characters: string[],
  index: number,
  inClass: boolean,
): [string, number] {
  const next = characters[index + 1];
  if (next === undefined) return unsupported(pattern, 'a trailing backslash');
  switch (next) {
    case 'd':
      return ['\\p{Nd}', 2];
    case 'D':
      return ['\\P{Nd}', 2];
    case 'w':
      return [inClass ? '\\p{L}\\p{N}_' : WORD, 2];
    case 's':
      return [inClass ? WHITESPACE_RANGES : `[${WHITESPACE_RANGES}]`, 2];
    case 'W':
    case 'S':
      if (inClass) return unsupported(pattern, `\\${next} inside a character set`);
      return [next === 'W' ? NOT_WORD : `[^${WHITESPACE_RANGES}]`, 2];
    case 'b':
      return [inClass ? '\\x08' : `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`, 2];
    case 'B':
      if (inClass) return unsupported(pattern, '\\B inside a character set');
      return [`(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`, 2];
    case 'A':
      return inClass ? unsupported(pattern, '\\A inside a character set') : [START_OF_TEXT, 2];
    case 'Z':
      return inClass ? unsupported(pattern, '\\Z inside a character set') : [END_OF_TEXT, 2];
    case 'a':
      return ['\\x07', 2];
    case 'n':
    case 't':
    case 'r':
    case 'f':
    case 'v':
      return [`\\${next}`, 2];
    case 'x':
      return hexEscape(pattern, characters, index, 2);
    case 'u':
      return hexEscape(pattern, characters, index, 4);
    case 'U':
      return hexEscape(pattern, characters, index, 8);
    default:
      break;
  }
  if (next >= '1' && next <= '9' && !inClass) {
    const digits = /^\d{1,2}/.exec(characters.slice(index + 1, index + 3).join('')) as RegExpExecArray;
    return [`\\${digits[0]}`, 1 + digits[0].length];
  }
  if (/[0-9A-Za-z]/.test(next)) return unsupported(pattern, `the escape \\${next}`);
  const special = inClass ? CLASS_SYNTAX_CHARACTERS : SYNTAX_CHARACTERS;
  return [special.has(next) ? `\\${next}` : next, 2];
}

function hexEscape(pattern: string, characters: string[], index: number, length: number): [string, number] {
  const digits = characters.slice(index + 2, index + 2 + length).join('');
  if (digits.length !== length || !HEX.test(digits)) return unsupported(pattern, 'a malformed hex escape');
  return [`\\u{${digits}}`, 2 + length];
}
