/**
 * A small JSON scanner used where `JSON.parse` is not enough: it finds the offset of the first
 * syntax error (V8's messages do not always carry one) and the spans of a top-level object's
 * members in file order (`JSON.parse` moves integer-like keys such as PubMed ids to the front in
 * numeric order, while Python's `json.load` keeps file order, and HELM iterates in that order).
 */

/** A member of the top-level object: its key and where its key starts. */
export interface JsonMemberSpan {
  key: string;
  /** UTF-16 offset of the key's opening quote. */
  offset: number;
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
      const key = this.string();
      if (collect) members.push({ key, offset });
      this.skipWhitespace();
      if (this.peek() !== ':') this.fail("Expected ':' after the property name");
      this.position += 1;
      this.value();
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

  array(): void {
    this.position += 1;
    this.skipWhitespace();
    if (this.peek() === ']') {
      this.position += 1;
      return;
    }
    for (;;) {
      this.value();
      this.skipWhitespace();
      const next = this.peek();
      this.position += 1;
      if (next === ']') return;
      if (next !== ',') {
        this.position -= 1;
        this.fail("Expected ',' or ']' after the array element");
      }
    }
  }

  string(): string {
    const start = this.position;
    this.position += 1;
    this.match(STRING_BODY, 'a string');
    if (this.peek() !== '"')
      this.fail(this.peek() === undefined ? 'Unterminated string' : 'Bad character in string');
    this.position += 1;
    return JSON.parse(this.text.slice(start, this.position)) as string;
  }

  private match(pattern: RegExp, what: string): void {
    pattern.lastIndex = this.position;
    if (pattern.exec(this.text) === null) this.fail(`Expected ${what}`);
    this.position = pattern.lastIndex;
  }
}
