import { createToken, type ScorerServicesV1 } from '@medhelm/core';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import type { RunObserver } from './run-observer.ts';

/** DI tokens of the engine's own services; the runner binds them per invocation. */
export const EngineTokens = Object.freeze({
  Store: createToken<MedHelmStore>('engine.Store'),
  RequestCache: createToken<RequestCacheLike>('engine.RequestCache'),
  RunObserver: createToken<RunObserver>('engine.RunObserver'),
  /** Optional: what the invocation lends its scorers (e.g. a worker-thread pool for ROUGE/BLEU). */
  ScorerServices: createToken<ScorerServicesV1>('engine.ScorerServices'),
});
