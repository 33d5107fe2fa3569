/** One significant token of an SQL text (whitespace and comments are not tokens). */
export interface SqlToken {
  kind: 'word' | 'number' | 'string' | 'double-quoted' | 'identifier' | 'semicolon' | 'other';
  /** UTF-16 offsets into the scanned text, end exclusive. */
  start: number;
  end: number;
  /** For words: the text; for quoted tokens: the content with doubled quotes undone. */
  value: string;
  /** For quoted tokens: whether the closing quote is missing. */
  unterminated?: boolean;
}

/** What the sandbox needs to know about a statement before SQLite compiles it. */
export interface SqlScan {
  tokens: SqlToken[];
  /** Whether there is any token other than `;` (SQLite compiles nothing otherwise). */
  hasStatement: boolean;
  /** Offset of the first token that is not `;`, or the text length. */
  statementStart: number;
  /** The first word, upper-cased (`SELECT`, `PRAGMA`, ...), if the statement starts with a word. */
  firstKeyword: string | undefined;
  /** The first word after `EXPLAIN [QUERY PLAN]`, upper-cased; the first keyword otherwise. */
  commandKeyword: string | undefined;
  /** For `PRAGMA` commands: the pragma name, lower-cased, without its schema. */
  pragmaName: string | undefined;
  /** For `VACUUM` commands: whether an `INTO` follows. */
  vacuumInto: boolean;
  /**
   * Whether Python's `sqlite3` would refuse the text with "You can only execute one statement at
   * a time." although SQLite (and better-sqlite3) accept it as one statement: after the `;` that
   * ends the statement, CPython 3.11 skips only space, tab, newline, form feed, carriage return and
   * comments, so a second `;` (`SELECT 1;;`) or a vertical tab is "another statement".
   */
  pythonRejectsTail: boolean;
}

// SQLite's whitespace (tokenize.c): space, tab, newline, form feed, carriage return. Not \v.
const SQLITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0c, 0x0d]);

function isIdentifierCharacter(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x24 ||
    code >= 0x80
  );
}

/** The offset just past a comment starting at `index`, or `index` when none starts there. */
function skipComment(sql: string, index: number): number {
  if (sql.startsWith('--', index)) {
    const newline = sql.indexOf('\n', index + 2);
    return newline < 0 ? sql.length : newline;
  }
  if (sql.startsWith('/*', index)) {
    const close = sql.indexOf('*/', index + 2);
    return close < 0 ? sql.length : close + 2;
  }
  return index;
}

function readQuoted(
  sql: string,
  start: number,
  close: string,
): { end: number; value: string; unterminated: boolean } {
  let value = '';
  let index = start + 1;
  while (index < sql.length) {
    const character = sql[index] as string;
    if (character === close) {
      // A doubled closing quote stands for one quote character (not for `[...]`).
      if (close !== ']' && sql[index + 1] === close) {
        value += close;
        index += 2;
        continue;
      }
      return { end: index + 1, value, unterminated: false };
    }
    value += character;
    index++;
  }
  return { end: sql.length, value, unterminated: true };
}

/**
 * Splits SQL into tokens the way SQLite's tokenizer does, as far as the sandbox needs: comments and
 * whitespace are skipped; `'...'` strings, `"..."`, `` `...` `` and `[...]` identifiers are single
 * tokens, so a keyword or `;` inside them does not count. Everything else is a word, a number or a
 * single character.
 */
export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let index = 0;
  while (index < sql.length) {
    const code = sql.charCodeAt(index);
    if (SQLITE_SPACE.has(code)) {
      index++;
      continue;
    }
    const afterComment = skipComment(sql, index);
    if (afterComment !== index) {
      index = afterComment;
      continue;
    }
    const character = sql[index] as string;
    if (character === "'" || character === '"' || character === '`' || character === '[') {
      const close = character === '[' ? ']' : character;
      const quoted = readQuoted(sql, index, close);
      const kind = character === "'" ? 'string' : character === '"' ? 'double-quoted' : 'identifier';
      tokens.push({
        kind,
        start: index,
        end: quoted.end,
        value: quoted.value,
        ...(quoted.unterminated ? { unterminated: true } : {}),
      });
      index = quoted.end;
      continue;
    }
    if (character === ';') {
      tokens.push({ kind: 'semicolon', start: index, end: index + 1, value: ';' });
      index++;
      continue;
    }
    if (isIdentifierCharacter(code)) {
      const isNumber = code >= 0x30 && code <= 0x39;
      let end = index + 1;
      while (end < sql.length) {
        const next = sql.charCodeAt(end);
        if (isIdentifierCharacter(next) || (isNumber && next === 0x2e)) end++;
        else break;
      }
      tokens.push({ kind: isNumber ? 'number' : 'word', start: index, end, value: sql.slice(index, end) });
      index = end;
      continue;
    }
    tokens.push({ kind: 'other', start: index, end: index + 1, value: character });
    index++;
  }
  return tokens;
}

function keywordAt(tokens: readonly SqlToken[], position: number): string | undefined {
  const token = tokens[position];
  return token?.kind === 'word' ? token.value.toUpperCase() : undefined;
}

/** Scans one SQL text: its tokens, its leading keywords and Python's one-statement rule. */
export function scanSql(sql: string): SqlScan {
  const tokens = tokenizeSql(sql);
  const first = tokens.findIndex((token) => token.kind !== 'semicolon');
  const hasStatement = first >= 0;
  const firstKeyword = hasStatement ? keywordAt(tokens, first) : undefined;

  let command = first;
  if (firstKeyword === 'EXPLAIN') {
    command = first + 1;
    if (keywordAt(tokens, command) === 'QUERY' && keywordAt(tokens, command + 1) === 'PLAN') command += 2;
  }
  const commandKeyword = hasStatement ? keywordAt(tokens, command) : undefined;

  let pragmaName: string | undefined;
  if (commandKeyword === 'PRAGMA') {
    const name = tokens[command + 1];
    const dot = tokens[command + 2];
    const qualified = isDot(dot) ? tokens[command + 3] : undefined;
    const nameToken = qualified ?? name;
    if (nameToken !== undefined && nameToken.kind !== 'semicolon' && nameToken.kind !== 'other') {
      pragmaName = nameToken.value.toLowerCase();
    }
  }
  const vacuumInto =
    commandKeyword === 'VACUUM' &&
    tokens.slice(command + 1).some((token) => token.kind === 'word' && token.value.toUpperCase() === 'INTO');

  return {
    tokens,
    hasStatement,
    statementStart: hasStatement ? (tokens[first] as SqlToken).start : sql.length,
    firstKeyword,
    commandKeyword,
    pragmaName,
    vacuumInto,
    pythonRejectsTail: hasStatement && pythonRejectsTail(sql, tokens),
  };
}

function pythonRejectsTail(sql: string, tokens: readonly SqlToken[]): boolean {
  // The statement ends at the last token that is not `;` or a vertical tab; what follows is only
  // semicolons, SQLite whitespace, vertical tabs and comments (better-sqlite3 has refused anything
  // else already). The first `;` there ends the statement; Python refuses any `;` or `\v` after it.
  let last = tokens.length - 1;
  while (last >= 0) {
    const token = tokens[last] as SqlToken;
    if (token.kind !== 'semicolon' && !(token.kind === 'other' && token.value === '\v')) break;
    last--;
  }
  let index = last >= 0 ? (tokens[last] as SqlToken).end : 0;
  let ended = false;
  while (index < sql.length) {
    const afterComment = skipComment(sql, index);
    if (afterComment !== index) {
      index = afterComment;
      continue;
    }
    const character = sql[index];
    if (character === ';' || character === '\v') {
      if (ended) return true;
      if (character === ';') ended = true;
    }
    index++;
  }
  return false;
}

function isDot(token: SqlToken | undefined): boolean {
  return token?.kind === 'other' && token.value === '.';
}

/**
 * Rewrites every unqualified double-quoted token whose content is `name` into a single-quoted string
 * literal. This is what SQLite's "double-quoted string literal" fallback (on by default, and in
 * Python's `sqlite3`, but compiled out of better-sqlite3) does when `"name"` is not a column.
 * Returns the text unchanged when there is nothing to rewrite.
 */
export function rewriteDoubleQuotedAsString(sql: string, name: string): string {
  const tokens = tokenizeSql(sql);
  let output = '';
  let copied = 0;
  tokens.forEach((token, position) => {
    if (token.kind !== 'double-quoted' || token.unterminated || token.value !== name) return;
    const before = tokens[position - 1];
    const after = tokens[position + 1];
    if (isDot(before) || isDot(after)) return;
    output += `${sql.slice(copied, token.start)}'${token.value.replaceAll("'", "''")}'`;
    copied = token.end;
  });
  return copied === 0 ? sql : output + sql.slice(copied);
}
