// Python's str.title(), which HELM applies to PubMedQA's section labels. Its rule is simple and
// not word-based: a character is title-cased when the character before it is not cased, and
// lower-cased otherwise. So letters after an apostrophe or a digit start a new "word"
// ("they're" -> "They'Re", "1st" -> "1St"), "MATERIALS AND METHODS" -> "Materials And Methods".

// Characters whose Unicode titlecase mapping is not their uppercase mapping (JavaScript has no
// toTitleCase): Python 3.11 (Unicode 14) title() of each single character, where it differs from
// upper(). Digraphs keep a capital + small form, ligatures and Armenian/Greek specials expand.
const TITLE_CASE_EXCEPTIONS: ReadonlyMap<number, string> = new Map([
  [0x00df, 'Ss'],
  [0x01c4, '\u01c5'],
  [0x01c5, '\u01c5'],
  [0x01c6, '\u01c5'],
  [0x01c7, '\u01c8'],
  [0x01c8, '\u01c8'],
  [0x01c9, '\u01c8'],
  [0x01ca, '\u01cb'],
  [0x01cb, '\u01cb'],
  [0x01cc, '\u01cb'],
  [0x01f1, '\u01f2'],
  [0x01f2, '\u01f2'],
  [0x01f3, '\u01f2'],
  [0x0587, '\u0535\u0582'],
  [0x1fb2, '\u1fba\u0345'],
  [0x1fb3, '\u1fbc'],
  [0x1fb4, '\u0386\u0345'],
  [0x1fb7, '\u0391\u0342\u0345'],
  [0x1fbc, '\u1fbc'],
  [0x1fc2, '\u1fca\u0345'],
  [0x1fc3, '\u1fcc'],
  [0x1fc4, '\u0389\u0345'],
  [0x1fc7, '\u0397\u0342\u0345'],
  [0x1fcc, '\u1fcc'],
  [0x1ff2, '\u1ffa\u0345'],
  [0x1ff3, '\u1ffc'],
  [0x1ff4, '\u038f\u0345'],
  [0x1ff7, '\u03a9\u0342\u0345'],
  [0x1ffc, '\u1ffc'],
  [0xfb00, 'Ff'],
  [0xfb01, 'Fi'],
  [0xfb02, 'Fl'],
  [0xfb03, 'Ffi'],
  [0xfb04, 'Ffl'],
  [0xfb05, 'St'],
  [0xfb06, 'St'],
  [0xfb13, '\u0544\u0576'],
  [0xfb14, '\u0544\u0565'],
  [0xfb15, '\u0544\u056b'],
  [0xfb16, '\u054e\u0576'],
  [0xfb17, '\u0544\u056d'],
]);

const CASED = /\p{Cased}/u;
const CASE_IGNORABLE = /\p{Case_Ignorable}/u;
const CAPITAL_SIGMA = '\u03a3';

/**
 * Python's `str.title()`: each character is title-cased when the one before it is not cased, else
 * lower-cased (capital sigma to the final form at the end of a word). Characters assigned after
 * Unicode 14 follow Node's Unicode data, not Python 3.11's.
 */
export function pythonTitle(text: string): string {
  const chars = Array.from(text);
  let result = '';
  let previousIsCased = false;
  chars.forEach((char, index) => {
    result += previousIsCased ? lowerAt(chars, index) : titleOf(char);
    // Python looks at the original character, not at its mapping.
    previousIsCased = CASED.test(char);
  });
  return result;
}

function titleOf(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  const exception = TITLE_CASE_EXCEPTIONS.get(codePoint);
  if (exception !== undefined) return exception;
  // Georgian Mkhedruli letters title-case to themselves (their uppercase is Mtavruli).
  if ((codePoint >= 0x10d0 && codePoint <= 0x10fa) || (codePoint >= 0x10fd && codePoint <= 0x10ff))
    return char;
  // Greek letters with ypogegrammeni title-case to the prosgegrammeni form (ᾀ -> ᾈ).
  if (codePoint >= 0x1f80 && codePoint <= 0x1faf) return String.fromCodePoint(codePoint | 0x08);
  return char.toUpperCase();
}

/** Python's lower-casing of one character in context (capital sigma becomes final at a word end). */
function lowerAt(chars: readonly string[], index: number): string {
  const char = chars[index] as string;
  if (char !== CAPITAL_SIGMA) return char.toLowerCase();
  return isFinalSigma(chars, index) ? '\u03c2' : '\u03c3';
}

function isFinalSigma(chars: readonly string[], index: number): boolean {
  let before = index - 1;
  while (before >= 0 && CASE_IGNORABLE.test(chars[before] as string)) before -= 1;
  if (before < 0 || !CASED.test(chars[before] as string)) return false;
  let after = index + 1;
  while (after < chars.length && CASE_IGNORABLE.test(chars[after] as string)) after += 1;
  return after === chars.length || !CASED.test(chars[after] as string);
}
