import { createToken } from '@medhelm/core';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import type { RunObserver } from './run-observer.ts';

/** DI tokens of the engine's own services; the runner binds them per invocation. */
export const EngineTokens = Object.freeze({
  Store: createToken<MedHelmStore>('engine.Store'),
  RequestCache: createToken<RequestCacheLike>('engine.RequestCache'),
  RunObserver: createToken<RunObserver>('engine.RunObserver'),
});
