import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { ehrshotBenchmark } from './index.ts';

const sharedDirectory = findSharedDirectory();

describe.skipIf(sharedDirectory === undefined)('ehrshot prompts are byte-identical to HELM', () => {
  it('renders every line of every run entry (and the lab_anemia deviation) exactly as HELM, in HELM order', async () => {
    const result = await checkPromptVectors(ehrshotBenchmark, {
      vectorsFile: join(sharedDirectory ?? '', 'conformance-gated-private', 'prompts', 'ehrshot.jsonl'),
      dataDirectory: join(sharedDirectory ?? '', 'data', 'ehrshot'),
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(67);
  });
});
