import { describe, expect, it } from 'vitest';
import { extractEhrSql } from './ehr-sql-extract.ts';

// [completion, what HELM's annotator extracts] — computed with Python 3.11's `re` and `str` on the
// annotator's own three steps (tags, backticks + strip, `^sql\n` lines).
const PYTHON_EXTRACTIONS: [string, string][] = [
  ['SELECT 1', 'SELECT 1'],
  ['  SELECT 1 \n', 'SELECT 1'],
  ['<sql>SELECT 1</sql>', 'SELECT 1'],
  ['<SQL> SELECT 1 </SQL> trailing', 'SELECT 1'],
  ['< sql >SELECT 1<sql>', 'SELECT 1'],
  ['<sql>\nSELECT 1\n</ sql >', 'SELECT 1'],
  ['<sql>A</sql><sql>B</sql>', 'A'],
  ['<sql>unclosed SELECT 1', '<sql>unclosed SELECT 1'],
  ['```sql\nSELECT 1\n```', 'SELECT 1'],
  ['```\nSELECT 1\n```', 'SELECT 1'],
  ['sql\nSELECT 1', 'SELECT 1'],
  ['SQL\nSELECT 1', 'SQL\nSELECT 1'],
  ['sql\nsql\nSELECT 1', 'SELECT 1'],
  ['SELECT 1\nsql\nFROM x', 'SELECT 1\nFROM x'],
  ['SELECT 1\r\nsql\r\nx', 'SELECT 1\r\nsql\r\nx'],
  ['``` ```', ''],
  ['`', ''],
  ['   \n ', ''],
  ['', ''],
  ['<\u017fql>SELECT 1</\u017fql>', 'SELECT 1'],
  ['<sql\u00a0>SELECT 1</sql>', 'SELECT 1'],
  ['<sql\u200b>SELECT 1</sql>', '<sql\u200b>SELECT 1</sql>'],
  ['\ufeffSELECT 1', '\ufeffSELECT 1'],
  ['\u0085SELECT 1\u2028', 'SELECT 1'],
  ['mysql\nSELECT 1', 'mysql\nSELECT 1'],
  ['sql \nSELECT 1', 'sql \nSELECT 1'],
  ['x\u2028sql\nSELECT', 'x\u2028sql\nSELECT'],
  ['Here:\n```sql\nSELECT `name` FROM t\n```\nDone', 'Here:\nSELECT name FROM t\n\nDone'],
  ['<sql></sql>', ''],
  ['<sql> ``` </sql>', ''],
  ['sql\n', 'sql'],
  ['sql', 'sql'],
  ['a\nsql\n', 'a\nsql'],
  ['<sql>sql\nSELECT 2</sql>', 'SELECT 2'],
];

describe('extractEhrSql', () => {
  it.each(PYTHON_EXTRACTIONS)('%j → %j', (completion, expected) => {
    expect(extractEhrSql(completion)).toBe(expected);
  });
});
