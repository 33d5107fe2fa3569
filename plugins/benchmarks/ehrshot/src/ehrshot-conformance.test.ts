import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { ehrshotBenchmark } from './index.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/ehrshot.jsonl',
  'data/ehrshot',
]);

describe.skipIf(fidelityDirectory === undefined)('ehrshot prompts are byte-identical to HELM', () => {
  it('renders every line of every run entry (and the lab_anemia deviation) exactly as HELM, in HELM order', async () => {
    const result = await checkPromptVectors(ehrshotBenchmark, {
      vectorsFile: join(fidelityDirectory ?? '', 'conformance-gated-private', 'prompts', 'ehrshot.jsonl'),
      dataDirectory: join(fidelityDirectory ?? '', 'data', 'ehrshot'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(67);
  });
});
