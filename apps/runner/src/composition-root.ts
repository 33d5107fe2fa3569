import {
  type BenchmarkV1,
  type Clock,
  type Environment,
  type Logger,
  type ModelProviderV1,
  type NormalizerV1,
  Registry,
  type ScorerV1,
  Tokens,
} from '@medhelm/core';
import { EngineTokens, Evaluator, type RunObserver } from '@medhelm/engine';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { container, type DependencyContainer } from 'tsyringe';
import { findFirstPartyPlugins } from './plugins/find-first-party-plugins.ts';
import { type LoadedPlugin, loadPlugins } from './plugins/load-plugins.ts';
import { registerPlugins } from './plugins/register-plugins.ts';

/** What the process gives the runner: injectable so tests run the CLI in-process. */
export interface RunnerEnvironment {
  env: Environment;
  logger: Logger;
  clock: Clock;
}

/**
 * The composition root: the only place that touches tsyringe's root container. It binds the core
 * services, registers the plugins into the registries, and hands back a child container for this
 * invocation. `plugins` are imported plugin modules (see `findPlugins` and `loadPlugins`); without
 * them, the first-party plugins resolvable from the runner.
 */
export async function createApplicationContainer(
  environment: RunnerEnvironment,
  plugins?: readonly LoadedPlugin[],
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

  await registerPlugins(plugins ?? (await loadPlugins(findFirstPartyPlugins())), {
    benchmarks,
    providers,
    scorers,
    normalizers,
  });
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
      // Providers may share resources between runs (loaded weights); release them once, at the end.
      const providers = application.resolve<Registry<ModelProviderV1>>(Tokens.ProviderRegistry);
      await Promise.all(providers.list().map((provider) => provider.close?.()));
    },
  };
}
