import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { readLeaderboardSchema } from './read-leaderboard-schema.ts';

function schemaFile(text: string, name = 'schema.yaml'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'medhelm-schema-')), name);
  writeFileSync(path, text);
  return path;
}

function errorOf(path: string): ConfigError {
  try {
    readLeaderboardSchema(path);
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('readLeaderboardSchema', () => {
  it('reads our format from YAML', () => {
    const path = schemaFile(
      'benchmarks:\n  - { name: mine, category: Research, main_name: rouge_l, main_split: test, lower_is_better: false }\n',
    );
    expect(readLeaderboardSchema(path)).toEqual({
      benchmarks: [
        {
          name: 'mine',
          category: 'Research',
          main_name: 'rouge_l',
          main_split: 'test',
          lower_is_better: false,
        },
      ],
    });
  });

  it('reads HELM’s schema: headline from environment, category from the parent run group', () => {
    const path = schemaFile(`metrics:
  - { name: exact_match, lower_is_better: false }
  - { name: perplexity, lower_is_better: true }
run_groups:
  - name: research
    display_name: Medical Research Assistance
    subgroups: [pubmed_qa, ppl]
  - name: pubmed_qa
    display_name: PubMedQA
    environment: { main_name: exact_match, main_split: test }
  - name: ppl
    environment: { main_name: perplexity, main_split: valid }
`);
    expect(readLeaderboardSchema(path).benchmarks).toEqual([
      {
        name: 'pubmed_qa',
        display_name: 'PubMedQA',
        category: 'Medical Research Assistance',
        main_name: 'exact_match',
        main_split: 'test',
        lower_is_better: false,
      },
      {
        name: 'ppl',
        category: 'Medical Research Assistance',
        main_name: 'perplexity',
        main_split: 'valid',
        lower_is_better: true,
      },
    ]);
  });

  it('names the file and the field of a missing headline split', () => {
    const path = schemaFile('benchmarks:\n  - { name: mine, category: X, main_name: exact_match }\n');
    const error = errorOf(path);
    expect(error.message).toContain(path);
    expect(error.message).toContain('benchmarks[0].main_split');
    expect(error.hint).toContain('main_split');
  });

  it('refuses an unknown field (a typo) and a benchmark listed twice', () => {
    expect(
      errorOf(
        schemaFile('benchmarks:\n  - { name: a, category: X, main_name: m, main_split: test, catgory: Y }\n'),
      ).message,
    ).toContain('catgory');
    const twice = '{ name: a, category: X, main_name: m, main_split: test }';
    expect(errorOf(schemaFile(`benchmarks:\n  - ${twice}\n  - ${twice}\n`)).message).toContain(
      'benchmarks[1].name: benchmark a is listed twice',
    );
  });

  it('says what to do with a file that is missing or not YAML', () => {
    expect(errorOf('/nonexistent/schema.yaml').hint).toContain('--schema');
    expect(errorOf(schemaFile('benchmarks: [\n')).message).toContain('not valid YAML or JSON');
  });
});
