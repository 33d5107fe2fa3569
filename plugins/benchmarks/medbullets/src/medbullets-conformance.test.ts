import { checkPromptVectors } from '@medhelm/conformance';
import { describeConformanceChecks } from '@medhelm/testing';
import { createMedbulletsBenchmark } from './medbullets-benchmark.ts';

const benchmark = createMedbulletsBenchmark();

// The bundled data is an invented fixture (upstream has no license), so there is no
// checkBundledSample here: no HELM vector has its prompts. The fixture's prompts are checked
// against hand-derived ones in medbullets-benchmark.test.ts.
describeConformanceChecks('medbullets prompts are byte-identical to HELM', (shared) => [
  {
    name: 'renders every row of the shared sample exactly as HELM does, in HELM order',
    passed: 200,
    run: () =>
      checkPromptVectors(benchmark, {
        vectorsFile: shared.promptVectors('medbullets'),
        dataDirectory: shared.data('medbullets'),
      }),
  },
]);
