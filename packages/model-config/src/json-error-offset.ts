/**
 * The offset of the first JSON syntax error in `text` (`text.length` when it ends too early), or
 * undefined when `text` is valid JSON. Node's own `JSON.parse` messages quote the surrounding text,
 * which may hold a secret, and give no position on Node 20; this gives the position alone.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at++;
  };
  const readLiteral = (word: string): void => {
    for (const char of word) {
      if (text.charAt(at) !== char) fail();
      at++;
    }
  };
  const readString = (): void => {
    at++;
    while (at < text.length) {
      const char = text.charCodeAt(at);
      if (char === 0x22) {
        at++;
        return;
      }
      if (char < 0x20) fail();
      if (char === 0x5c) {
        at++;
        const escaped = text.charAt(at);
        if (escaped === 'u') {
          for (let digit = 1; digit <= 4; digit++) {
            if (!/[0-9a-fA-F]/.test(text.charAt(at + digit))) {
              at += digit;
              fail();
            }
          }
          at += 4;
        } else if (!'"\\/bfnrt'.includes(escaped) || escaped === '') fail();
      }
      at++;
    }
    fail();
  };
  const readNumber = (): void => {
    const match = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(at));
    if (match === null) fail();
    at += match?.[0].length ?? 0;
  };
  const readValue = (): void => {
    space();
    const char = text.charAt(at);
    if (char === '{') {
      at++;
      space();
      if (text.charAt(at) === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text.charAt(at) !== '"') fail();
        readString();
        space();
        if (text.charAt(at) !== ':') fail();
        at++;
        readValue();
        space();
        if (text.charAt(at) === ',') {
          at++;
          continue;
        }
        if (text.charAt(at) === '}') {
          at++;
          return;
        }
        fail();
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text.charAt(at) === ']') {
        at++;
        return;
      }
      for (;;) {
        readValue();
        space();
        if (text.charAt(at) === ',') {
          at++;
          continue;
        }
        if (text.charAt(at) === ']') {
          at++;
          return;
        }
        fail();
      }
    }
    if (char === '"') readString();
    else if (char === 't') readLiteral('true');
    else if (char === 'f') readLiteral('false');
    else if (char === 'n') readLiteral('null');
    else readNumber();
  };
  try {
    readValue();
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (offset) {
    if (typeof offset === 'number') return Math.min(offset, text.length);
    throw offset;
  }
}
