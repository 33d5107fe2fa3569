import { describe, expect, it } from 'vitest';
import { rewriteDoubleQuotedAsString, scanSql, tokenizeSql } from './scan-sql.ts';

describe('tokenizeSql', () => {
  it('keeps quoted text, comments and semicolons inside literals out of the token stream', () => {
    const tokens = tokenizeSql(`SELECT 'a;b', "c""d", [e;f], \`g\` -- x; y\n/* ; */ FROM t;`);
    expect(tokens.map((token) => [token.kind, token.value])).toEqual([
      ['word', 'SELECT'],
      ['string', 'a;b'],
      ['other', ','],
      ['double-quoted', 'c"d'],
      ['other', ','],
      ['identifier', 'e;f'],
      ['other', ','],
      ['identifier', 'g'],
      ['word', 'FROM'],
      ['word', 't'],
      ['semicolon', ';'],
    ]);
  });

  it('marks unterminated quotes', () => {
    expect(tokenizeSql(`SELECT "abc`)[1]).toMatchObject({ kind: 'double-quoted', unterminated: true });
  });
});

describe('scanSql', () => {
  it('finds the first keyword after comments, blanks and empty statements', () => {
    expect(scanSql(' /* c */ -- d\n ; select 1')).toMatchObject({
      hasStatement: true,
      firstKeyword: 'SELECT',
      commandKeyword: 'SELECT',
      statementStart: 17,
    });
    expect(scanSql(' ; -- only\n;')).toMatchObject({ hasStatement: false, firstKeyword: undefined });
  });

  it('looks through EXPLAIN [QUERY PLAN]', () => {
    expect(scanSql('EXPLAIN QUERY PLAN attach x as y')).toMatchObject({
      firstKeyword: 'EXPLAIN',
      commandKeyword: 'ATTACH',
    });
    expect(scanSql('explain pragma main.temp_store_directory')).toMatchObject({
      commandKeyword: 'PRAGMA',
      pragmaName: 'temp_store_directory',
    });
  });

  it('names pragmas with or without a schema, quoted or not', () => {
    expect(scanSql('PRAGMA journal_mode = wal').pragmaName).toBe('journal_mode');
    expect(scanSql('PRAGMA main.Hard_Heap_Limit=1').pragmaName).toBe('hard_heap_limit');
    expect(scanSql(`PRAGMA "temp_store_directory" = '/tmp'`).pragmaName).toBe('temp_store_directory');
    expect(scanSql('SELECT 1').pragmaName).toBeUndefined();
  });

  it('sees VACUUM INTO but not a string that says INTO', () => {
    expect(scanSql(`VACUUM INTO '/tmp/x'`).vacuumInto).toBe(true);
    expect(scanSql(`vacuum main into '/tmp/x'`).vacuumInto).toBe(true);
    expect(scanSql('VACUUM').vacuumInto).toBe(false);
    expect(scanSql(`SELECT 'VACUUM INTO'`).vacuumInto).toBe(false);
  });

  it("applies CPython 3.11's one-statement rule to what follows the statement", () => {
    const rejects = (sql: string) => scanSql(sql).pythonRejectsTail;
    expect(rejects('SELECT 1')).toBe(false);
    expect(rejects('SELECT 1;')).toBe(false);
    expect(rejects('SELECT 1; -- done\n')).toBe(false);
    expect(rejects('SELECT 1; /* open')).toBe(false);
    expect(rejects('SELECT 1;\f\r\n\t ')).toBe(false);
    expect(rejects(';; SELECT 1')).toBe(false);
    expect(rejects("SELECT ';;'")).toBe(false);
    expect(rejects('CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; SELECT 2; END;')).toBe(false);
    expect(rejects('SELECT 1;;')).toBe(true);
    expect(rejects('SELECT 1 ; /* a */ ; ')).toBe(true);
    expect(rejects('SELECT 1;\v')).toBe(true);
  });
});

describe('rewriteDoubleQuotedAsString', () => {
  it('turns unqualified "name" tokens into string literals', () => {
    expect(rewriteDoubleQuotedAsString(`SELECT * FROM p WHERE g = "male" OR h = "male"`, 'male')).toBe(
      `SELECT * FROM p WHERE g = 'male' OR h = 'male'`,
    );
    expect(rewriteDoubleQuotedAsString(`SELECT "it's", "a""b"`, "it's")).toBe(`SELECT 'it''s', "a""b"`);
    expect(rewriteDoubleQuotedAsString(`SELECT "a""b"`, 'a"b')).toBe(`SELECT 'a"b'`);
  });

  it('leaves qualified names, other names and single-quoted text alone', () => {
    const sql = `SELECT p."male", "male".x, 'male', "female" FROM p`;
    expect(rewriteDoubleQuotedAsString(sql, 'male')).toBe(sql);
  });
});
