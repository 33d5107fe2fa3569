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
import { EngineTokens, Evaluator, type InvocationProvenance, type RunObserver } from '@medhelm/engine';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { container } from 'tsyringe';
import { invocationScorerServices } from './invocation-scorer-services.ts';
import { findFirstPartyPlugins } from './plugins/find-first-party-plugins.ts';
import { installedPackageVersions } from './plugins/installed-package-versions.ts';
import { type LoadedPlugin, loadPlugins } from './plugins/load-plugins.ts';
import { registerPlugins } from './plugins/register-plugins.ts';
import { runnerPackageDirectory, runnerPackageJson } from './plugins/runner-package.ts';

/** What the process gives the runner: injectable so tests run the CLI in-process. */
export interface RunnerEnvironment {
  env: Environment;
  logger: Logger;
  clock: Clock;
}

/** What an evaluation needs from the invocation: the store, the cache (or none), the progress observer. */
export interface EvaluationServices {
  store: MedHelmStore;
  requestCache: RequestCacheLike;
  observer: RunObserver;
}

/**
 * An Evaluator bound to one invocation's services; `dispose` ends the scope, closes providers and
 * stops the scorers' worker threads.
 */
export interface EvaluationScope {
  evaluator: Evaluator;
  dispose(): Promise<void>;
}

/** The typed services commands receive; nothing outside this file touches the container. */
export interface RunnerServices {
  benchmarks: Registry<BenchmarkV1>;
  providers: Registry<ModelProviderV1>;
  scorers: Registry<ScorerV1>;
  normalizers: Registry<NormalizerV1>;
  /** A per-invocation scope for `medhelm run`. */
  evaluation(services: EvaluationServices): EvaluationScope;
  /** What a run's provenance records of the program: its name and version, the packages, who contributed what. */
  provenance(command: readonly string[]): InvocationProvenance;
}

/**
 * The composition root: the only place that touches tsyringe's container. It binds the core
 * services, registers the plugins into the registries, and hands the commands typed services.
 * `plugins` are imported plugin modules (see `findPlugins` and `loadPlugins`); without them, the
 * first-party plugins resolvable from the runner.
 */
export async function createRunnerServices(
  environment: RunnerEnvironment,
  plugins?: readonly LoadedPlugin[],
): Promise<RunnerServices> {
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

  const loaded = plugins ?? (await loadPlugins(findFirstPartyPlugins()));
  await registerPlugins(loaded, { benchmarks, providers, scorers, normalizers });
  const runner = runnerPackageJson();
  const runnerDirectory = runnerPackageDirectory();
  // Read once, when a run asks: package.json files of the runner, the plugins and their @medhelm deps.
  let versions: Map<string, string> | undefined;
  const versionsOf = () => {
    versions ??= installedPackageVersions([
      ...(runnerDirectory === undefined ? [] : [runnerDirectory]),
      ...loaded.flatMap((plugin) => (plugin.location === undefined ? [] : [plugin.location])),
    ]);
    return versions;
  };
  const withVersion = (name: string) => `${name}@${versionsOf().get(name) ?? 'unknown'}`;
  return {
    provenance: (command) => ({
      runner,
      command,
      packages: [...versionsOf()].map(([name, version]) => `${name}@${version}`).sort(),
      packageOf: (kind, id) => {
        const registry = kind === 'benchmark' ? benchmarks : scorers;
        return registry.has(id) ? withVersion(registry.sourceOf(id)) : undefined;
      },
    }),
    benchmarks,
    providers,
    scorers,
    normalizers,
    evaluation: (services) => {
      const scope = application.createChildContainer();
      scope.register(EngineTokens.Store, { useValue: services.store });
      scope.register(EngineTokens.RequestCache, { useValue: services.requestCache });
      scope.register(EngineTokens.RunObserver, { useValue: services.observer });
      const scorerServices = invocationScorerServices();
      scope.register(EngineTokens.ScorerServices, { useValue: scorerServices.services });
      return {
        evaluator: scope.resolve(Evaluator),
        dispose: async () => {
          await scope.dispose();
          await scorerServices.close();
          // Providers may share resources between runs (loaded weights); release them once, at the end.
          await Promise.all(providers.list().map((provider) => provider.close?.()));
        },
      };
    },
  };
}
