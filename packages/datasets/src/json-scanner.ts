/**
 * A small JSON scanner used where `JSON.parse` is not enough: it finds the offset of the first
 * syntax error (V8's messages do not always carry one), the spans of a top-level object's
 * members in file order (`JSON.parse` moves integer-like keys such as PubMed ids to the front in
 * numeric order, while Python's `json.load` keeps file order, and HELM iterates in that order)
 * and where the elements of a member's list start (to name the line of a bad entry).
 */

/** A member of the top-level object: its key and where its key and value start. */
export interface JsonMemberSpan {
  key: string;
  /** UTF-16 offset of the key's opening quote. */
  offset: number;
  /** UTF-16 offset of the value's first character. */
  valueOffset: number;
  /** When the value is a list: the UTF-16 offset of each element's first character. */
  elementOffsets?: number[];
}

/** Thrown by the scanner at the first syntax error. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Validates `text` as one JSON value and returns the members of the top-level value when it is
 * an object (an empty list otherwise). Throws JsonSyntaxError at the first error.
 */
export function scanJson(text: string): JsonMemberSpan[] {
  const scanner = new Scanner(text);
  scanner.skipWhitespace();
  let members: JsonMemberSpan[] = [];
  if (scanner.peek() === '{') members = scanner.object(true);
  else scanner.value();
  scanner.skipWhitespace();
  if (scanner.position < text.length) scanner.fail('Unexpected data after the JSON value');
  return members;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids raw control characters in strings.
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

class Scanner {
  position = 0;

  constructor(private readonly text: string) {}

  peek(): string | undefined {
    return this.text[this.position];
  }

  fail(message: string): never {
    throw new JsonSyntaxError(message, this.position);
  }

  skipWhitespace(): void {
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') return;
      this.position += 1;
    }
  }

  value(): void {
    this.skipWhitespace();
    const char = this.peek();
    if (char === '{') this.object(false);
    else if (char === '[') this.array();
    else if (char === '"') this.string();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9'))
      this.match(NUMBER, 'a number');
    else if (this.text.startsWith('true', this.position)) this.position += 4;
    else if (this.text.startsWith('false', this.position)) this.position += 5;
    else if (this.text.startsWith('null', this.position)) this.position += 4;
    else
      this.fail(
        char === undefined ? 'Unexpected end of JSON input' : `Unexpected character ${JSON.stringify(char)}`,
      );
  }

  object(collect: boolean): JsonMemberSpan[] {
    const members: JsonMemberSpan[] = [];
    this.position += 1;
    this.skipWhitespace();
    if (this.peek() === '}') {
      this.position += 1;
      return members;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.peek() !== '"') this.fail('Expected a double-quoted property name');
      const offset = this.position;
      const rawKey = this.string();
      this.skipWhitespace();
      if (this.peek() !== ':') this.fail("Expected ':' after the property name");
      this.position += 1;
      this.skipWhitespace();
      const valueOffset = this.position;
      if (!collect) this.value();
      else {
        const member: JsonMemberSpan = { key: JSON.parse(rawKey) as string, offset, valueOffset };
        if (this.peek() === '[') member.elementOffsets = this.array();
        else this.value();
        members.push(member);
      }
      this.skipWhitespace();
      const next = this.peek();
      this.position += 1;
      if (next === '}') return members;
      if (next !== ',') {
        this.position -= 1;
        this.fail("Expected ',' or '}' after the property value");
      }
    }
  }

  /** Scans a list and returns where each element starts. */
  array(): number[] {
    const offsets: number[] = [];
    this.position += 1;
    this.skipWhitespace();
    if (this.peek() === ']') {
      this.position += 1;
      return offsets;
    }
    for (;;) {
      this.skipWhitespace();
      offsets.push(this.position);
      this.value();
      this.skipWhitespace();
      const next = this.peek();
      this.position += 1;
      if (next === ']') return offsets;
      if (next !== ',') {
        this.position -= 1;
        this.fail("Expected ',' or ']' after the array element");
      }
    }
  }

  /** Scans a string and returns its JSON text, quotes and escapes included. */
  string(): string {
    const start = this.position;
    this.position += 1;
    this.match(STRING_BODY, 'a string');
    if (this.peek() !== '"')
      this.fail(this.peek() === undefined ? 'Unterminated string' : 'Bad character in string');
    this.position += 1;
    return this.text.slice(start, this.position);
  }

  private match(pattern: RegExp, what: string): void {
    pattern.lastIndex = this.position;
    if (pattern.exec(this.text) === null) this.fail(`Expected ${what}`);
    this.position = pattern.lastIndex;
  }
}
