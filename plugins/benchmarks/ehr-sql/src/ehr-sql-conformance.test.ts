import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createEhrSqlBenchmark } from './ehr-sql-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createEhrSqlBenchmark();

describe.skipIf(sharedDirectory === undefined)('ehr_sql prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'ehr_sql.jsonl');

  // The shared sample has no train.json and no eicu.sqlite, as when the vectors were made (HELM
  // read an empty train list, so the ids start at id0): the loader must cope with both.
  it('renders every question of the shared sample exactly as HELM does, in HELM order, with its ids', async () => {
    const result = await checkPromptVectors(benchmark, {
      vectorsFile,
      dataDirectory: join(sharedDirectory ?? '', 'data', 'ehr_sql'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(200);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(20);
  });
});
