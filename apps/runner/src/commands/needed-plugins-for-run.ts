import { resolve } from 'node:path';
import { parseRunEntry, readConfFile, resolveModelDeployment } from '@medhelm/engine';
import { loadModelsFile } from '@medhelm/model-config';
import type { CliIo } from '../cli-io.ts';
import type { NeededPlugins } from '../plugins/select-needed-plugins.ts';
import { parseBenchmarkOption } from './benchmark-option.ts';
import { DEFAULT_GRADER } from './grader-judge.ts';
import { judgesOption } from './judges-option.ts';
import { splitList } from './option-values.ts';
import { readRunConfigOption } from './plugin-selection.ts';
import { releaseOption } from './release-option.ts';
import { resolveJudges } from './resolve-judges.ts';
import { resolveModelDeploymentSettings } from './resolve-model-deployment-settings.ts';
import { CONFIGURABLE_BENCHMARK_ID, type RunCommandOptions } from './run-command-options.ts';

/**
 * The plugins a `medhelm run` needs, read from its options before any plugin is imported: the
 * benchmarks it names, the providers of its models and judges, and the run config's extra
 * scorers. Only those first-party plugins are imported (see `selectNeededPlugins`).
 */
export function neededPluginsForRun(options: RunCommandOptions, io: CliIo): NeededPlugins {
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  const entries = [
    ...(options.runEntries ?? []).map((description) => parseRunEntry(description)),
    ...(options.confPaths ?? []).flatMap((path) => readConfFile(path)),
  ];
  const providers = new Set<string>();
  for (const entry of entries) {
    const values = new Map(entry.args);
    if (values.has('model') || values.has('model_deployment')) {
      providers.add(resolveModelDeployment(values.get('model'), values.get('model_deployment')).providerId);
    }
  }
  for (const model of splitList(options.models)) {
    providers.add(resolveModelDeploymentSettings(model, config, io.env).providerId);
  }
  for (const judge of resolveJudges(judgesOption(options, config), config, io.env))
    providers.add(judge.deployment.providerId);
  // The grader's provider: which benchmarks ask a grader is only known once they are loaded.
  providers.add(resolveModelDeploymentSettings(options.grader ?? DEFAULT_GRADER, config, io.env).providerId);
  const runConfig = readRunConfigOption(options, io);
  const configured = (options.benchmarkConfig ?? []).length > 0 ? [CONFIGURABLE_BENCHMARK_ID] : [];
  return {
    benchmark: [
      ...new Set([
        ...splitList(options.benchmarks).map((value) => parseBenchmarkOption(value).benchmarkId),
        ...(options.release === undefined
          ? []
          : releaseOption(options.release).benchmarks.map(({ id }) => id)),
        ...entries.map((entry) => entry.benchmarkId),
        ...configured,
      ]),
    ],
    provider: [...providers],
    scorer: [...new Set(Object.values(runConfig?.scorers ?? {}).flat())],
  };
}
