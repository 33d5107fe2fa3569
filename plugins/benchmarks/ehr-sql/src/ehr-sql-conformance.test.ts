import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createEhrSqlBenchmark } from './ehr-sql-benchmark.ts';

const benchmark = createEhrSqlBenchmark();

describeConformanceChecks('ehr_sql prompts are byte-identical to HELM', (shared) => {
  const vectorsFile = shared.promptVectors('ehr_sql');
  return [
    // The shared sample has no train.json and no eicu.sqlite, as when the vectors were made (HELM
    // read an empty train list, so the ids start at id0): the loader must cope with both.
    {
      name: 'renders every question of the shared sample exactly as HELM does, in HELM order, with its ids',
      passed: 200,
      run: () => checkPromptVectors(benchmark, { vectorsFile, dataDirectory: shared.data('ehr_sql') }),
    },
    {
      name: 'renders the bundled sample exactly as HELM does',
      passed: 20,
      run: () => checkBundledSample(benchmark, { vectorsFile }),
    },
  ];
});
