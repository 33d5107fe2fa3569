import { join } from 'node:path';
import { type GenerationRequest, ModelCallError } from '@medhelm/core';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { readStoredRun } from './read-stored-run.ts';
import { storedCompletionModel } from './stored-completion-model.ts';

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const SAMPLE_RUN = join(
  fidelityDirectory ?? '',
  'reference',
  'helm-sample-run',
  'pubmed_qa:model=openai_gpt-4o-2024-05-13,model_deployment=stanfordhealthcare_gpt-4o-2024-05-13',
);

describe.skipIf(fidelityDirectory === undefined)('the stored-completion model of a run HELM wrote', () => {
  it('answers each stored request with what HELM stored, and its recorded token counts', async () => {
    const stored = await readStoredRun(SAMPLE_RUN);
    expect(stored.writer).toEqual({ by: 'helm' });
    expect(stored.states.map((state) => state.instance.id)).toEqual(['id0', 'id1', 'id2']);
    const model = storedCompletionModel(stored);
    const first = stored.states[0]?.rendered.request as GenerationRequest;
    // HELM's scenario_state.json: completion "A", finish reason stop, request_time 0.5; its
    // per_instance_stats.json: 54 prompt tokens, 1 completion token.
    await expect(model.doGenerate(first)).resolves.toEqual({
      completions: [{ text: 'A', finishReason: 'stop', logprob: 0 }],
      usage: { promptTokens: 54, completionTokens: 1 },
      requestTimeSeconds: 0.5,
      requestDatetime: 1735689600,
    });
  });

  it('refuses any request the run did not send, without retries', async () => {
    const stored = await readStoredRun(SAMPLE_RUN);
    const model = storedCompletionModel(stored);
    const first = stored.states[0]?.rendered.request as GenerationRequest;
    const changed = model.doGenerate({ ...first, prompt: `${first.prompt} ` });
    await expect(changed).rejects.toSatisfy(
      (error: unknown) => ModelCallError.isInstance(error) && !error.isRetryable,
    );
    await expect(model.doGenerate({ ...first, maxTokens: 2 })).rejects.toThrow(
      'hold no answer to this request',
    );
  });
});
