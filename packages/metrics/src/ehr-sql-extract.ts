import { compilePythonRegex, pythonStrip } from '@medhelm/python-text';

// HELM's annotator: re.search(r"<\s*sql\s*>(.*?)<\/?\s*sql\s*>", text, re.DOTALL | re.IGNORECASE).
// Python's `\s` is Unicode whitespace and IGNORECASE folds Unicode (`ſ` matches `s`).
const SQL_TAGS = compilePythonRegex(String.raw`(?is)<\s*sql\s*>(.*?)<\/?\s*sql\s*>`);
// re.sub(r"^sql\n", "", sql, flags=re.MULTILINE): `^` is the start or right after "\n" (only).
const SQL_LINE = /(?<![\s\S])sql\n|(?<=\n)sql\n/g;

/**
 * The SQL HELM's `EhrSqlAnnotator` runs for a completion: the stripped completion; the text between
 * the first `<sql>…</sql>` pair (tags in any case, with inner spaces, the closing slash optional)
 * if there is one; every backtick removed; stripped again; then every line that is exactly `sql`
 * at the start or after a newline removed (so "```sql\nSELECT …```" gives "SELECT …"). An empty
 * result means "No query generated".
 */
export function extractEhrSql(completion: string): string {
  const text = pythonStrip(completion);
  const match = SQL_TAGS.exec(text);
  const sql = pythonStrip(match === null ? text : (match[1] ?? ''));
  return pythonStrip(sql.replaceAll('`', '')).replace(SQL_LINE, '');
}
