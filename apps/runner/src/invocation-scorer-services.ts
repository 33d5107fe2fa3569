import type { ScorerServicesV1, Token } from '@medhelm/core';
import { LexicalMetricsPool, LexicalMetricsToken } from '@medhelm/metrics';

/** The services one invocation lends its scorers, and how to release them at its end. */
export interface InvocationScorerServices {
  services: ScorerServicesV1;
  close(): Promise<void>;
}

/**
 * What every scorer of one invocation (`medhelm run`, `medhelm rescore`) shares: worker threads
 * for ROUGE and BLEU, one per core, started only when a scorer first asks (a run without such a
 * scorer starts none) and stopped by `close`.
 */
export function invocationScorerServices(): InvocationScorerServices {
  const lexicalMetrics = new LexicalMetricsPool();
  const bound = new Map<symbol, unknown>([[LexicalMetricsToken, lexicalMetrics]]);
  return {
    services: { get: <T>(token: Token<T>) => bound.get(token) as T | undefined },
    close: () => lexicalMetrics.close(),
  };
}
