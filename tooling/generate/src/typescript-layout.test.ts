import { describe, expect, it } from 'vitest';
import { callStatement, exportStatement, sortExportNames } from './typescript-layout.ts';

describe('the layout of generated statements', () => {
  it('keeps a statement that fits on one line', () => {
    expect(exportStatement(['a', 'type B'], './x.ts')).toBe("export { a, type B } from './x.ts';");
    expect(callStatement('f', ["'p'", 'b'])).toBe("f('p', b);");
  });

  it('puts one name or argument on a line, with a trailing comma, past 110 characters', () => {
    const long = 'x'.repeat(100);
    expect(callStatement('export const plugin = define', [`'${long}'`, 'benchmark'])).toBe(
      `export const plugin = define(\n  '${long}',\n  benchmark,\n);`,
    );
    expect(exportStatement([long, 'type Y'], './x.ts')).toBe(
      `export {\n  ${long},\n  type Y,\n} from './x.ts';`,
    );
  });

  it('orders names as biome does: ignoring case and `type`, upper case first on a tie', () => {
    expect(sortExportNames(['pubmedQaInstance', 'type PubmedQaEntry', 'PUBMED_QA_FILE', 'createX'])).toEqual([
      'createX',
      'PUBMED_QA_FILE',
      'type PubmedQaEntry',
      'pubmedQaInstance',
    ]);
  });
});
