import {
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
  type ModelProviderV1,
} from '@medhelm/core';
import { requestCacheKey } from '@medhelm/store';
import type { StoredRun } from './read-stored-run.ts';

/** The provider id of the stored-completion model: rescored runs' candidate deployment. */
export const STORED_COMPLETION_PROVIDER_ID = 'stored-completion';

/**
 * A model that answers exactly what a finished run's model answered to each of its requests, and
 * refuses any other request (a non-retryable ModelCallError): a rescore goes through the engine's
 * usual pipeline (checkpoints, cache, jury, limits, provenance) without ever calling a candidate.
 * Its model id is the SHA-256 of the run's scenario_state.json, so its answers are cached apart
 * from any other run's.
 */
export function storedCompletionModel(stored: StoredRun): LanguageModelV1 {
  const identity = { scenarioStateSha256: stored.scenarioStateSha256 };
  const keyOf = (request: GenerationRequest) =>
    requestCacheKey({
      providerId: STORED_COMPLETION_PROVIDER_ID,
      modelId: stored.scenarioStateSha256,
      cacheIdentity: identity,
      request,
      sampleIndex: 0,
    });
  const answers = new Map<string, GenerationResult>();
  for (const state of stored.states) {
    const key = keyOf(state.rendered.request);
    // The same request twice (a duplicated instance) is answered as the first time, as a cache would.
    if (!answers.has(key)) answers.set(key, state.result);
  }
  return {
    specificationVersion: 'v1',
    providerId: STORED_COMPLETION_PROVIDER_ID,
    modelId: stored.scenarioStateSha256,
    cacheIdentity: identity,
    async doGenerate(request) {
      const answer = answers.get(keyOf(request));
      if (answer === undefined) {
        throw new ModelCallError(
          `the stored completions of ${stored.directory} hold no answer to this request; rescoring never calls a candidate model`,
          { isRetryable: false, status: 404 },
        );
      }
      return answer;
    },
  };
}

/**
 * The provider of the stored-completion models of one rescore invocation: `languageModel(id)`
 * gives the model of the run whose scenario_state.json has SHA-256 `id`. It answers in this
 * process and sends nothing anywhere (`inProcess`), so gated data may always reach it.
 */
export function storedCompletionProvider(runs: readonly StoredRun[]): ModelProviderV1 {
  const models = new Map<string, LanguageModelV1>();
  for (const run of runs) {
    if (!models.has(run.scenarioStateSha256)) models.set(run.scenarioStateSha256, storedCompletionModel(run));
  }
  return {
    specificationVersion: 'v1',
    id: STORED_COMPLETION_PROVIDER_ID,
    displayName: 'Stored completions of finished runs (medhelm rescore)',
    inProcess: true,
    languageModel(modelId) {
      const model = models.get(modelId);
      if (model === undefined)
        throw new ModelCallError(`no finished run with scenario_state.json SHA-256 ${modelId} was read`, {
          isRetryable: false,
        });
      return model;
    },
  };
}
