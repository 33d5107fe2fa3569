import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedbulletsBenchmark } from './medbullets-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createMedbulletsBenchmark();

// The bundled data is an invented fixture (upstream has no license), so there is no
// checkBundledSample here: no HELM vector has its prompts. The fixture's prompts are checked
// against hand-derived ones in medbullets-benchmark.test.ts.
describe.skipIf(sharedDirectory === undefined)('medbullets prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'medbullets.jsonl');

  it('renders every row of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, {
      vectorsFile,
      dataDirectory: join(sharedDirectory ?? '', 'data', 'medbullets'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(200);
  });
});
