import {
  type BenchmarkV1,
  type Clock,
  type Environment,
  type Logger,
  type ModelProviderV1,
  type NormalizerV1,
  type PluginContextV1,
  Registry,
  type ScorerV1,
  Tokens,
} from '@medhelm/core';
import { EngineTokens, Evaluator, type RunObserver } from '@medhelm/engine';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { container, type DependencyContainer } from 'tsyringe';
import { firstPartyPlugins } from './plugins/first-party-plugins.ts';
import { registerPlugin } from './plugins/register-plugin.ts';

/** What the process gives the runner: injectable so tests run the CLI in-process. */
export interface RunnerEnvironment {
  env: Environment;
  logger: Logger;
  clock: Clock;
}

/**
 * The composition root: the only place that touches tsyringe's root container. It binds the core
 * services, registers the first-party plugins (and any extra ones) into the registries, and hands
 * back a child container for this invocation.
 */
export async function createApplicationContainer(
  environment: RunnerEnvironment,
  extraPlugins: ReadonlyArray<{ packageName: string; exports: unknown }> = [],
): Promise<DependencyContainer> {
  const application = container.createChildContainer();
  const benchmarks = new Registry<BenchmarkV1>('benchmark');
  const providers = new Registry<ModelProviderV1>('provider');
  const scorers = new Registry<ScorerV1>('scorer');
  const normalizers = new Registry<NormalizerV1>('normalizer');
  application.register(Tokens.BenchmarkRegistry, { useValue: benchmarks });
  application.register(Tokens.ProviderRegistry, { useValue: providers });
  application.register(Tokens.ScorerRegistry, { useValue: scorers });
  application.register(Tokens.NormalizerRegistry, { useValue: normalizers });
  application.register(Tokens.Environment, { useValue: environment.env });
  application.register(Tokens.Logger, { useValue: environment.logger });
  application.register(Tokens.Clock, { useValue: environment.clock });

  for (const { packageName, exports } of [...firstPartyPlugins, ...extraPlugins]) {
    const context: PluginContextV1 = {
      registerBenchmark: (benchmark) => benchmarks.register(benchmark, packageName),
      registerProvider: (provider) => providers.register(provider, packageName),
      registerScorer: (scorer) => scorers.register(scorer, packageName),
      registerNormalizer: (normalizer) => normalizers.register(normalizer, packageName),
    };
    await registerPlugin(packageName, exports, context);
  }
  return application;
}

/** A per-invocation scope for a run: the store, the cache (or none) and the progress observer. */
export function createRunScope(
  application: DependencyContainer,
  services: { store: MedHelmStore; requestCache: RequestCacheLike; observer: RunObserver },
): { evaluator: Evaluator; dispose: () => Promise<void> } {
  const scope = application.createChildContainer();
  scope.register(EngineTokens.Store, { useValue: services.store });
  scope.register(EngineTokens.RequestCache, { useValue: services.requestCache });
  scope.register(EngineTokens.RunObserver, { useValue: services.observer });
  return {
    evaluator: scope.resolve(Evaluator),
    dispose: async () => {
      await scope.dispose();
    },
  };
}
