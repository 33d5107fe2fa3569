import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import {
  compareModels,
  comparisonTable,
  disagreementsTable,
  listSuiteModels,
  readLeaderboardSchema,
  suiteDirectory,
} from '@medhelm/leaderboard';
import { loadModelsFile, type ModelsConfig } from '@medhelm/model-config';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { resolveModelDeploymentSettings } from './resolve-model-deployment-settings.ts';
import { printTable } from './summarize-command.ts';

/** Options of `medhelm compare`. */
export interface CompareCommandOptions {
  suite: string;
  /** `--suite-b`: the suite of model B's runs (e.g. a rescored copy of `suite`). */
  suiteB?: string;
  outputPath: string;
  schema?: string;
  top: string;
  json?: boolean;
  /** `--models-file`: its deployment ids name models too. */
  modelsFile?: string;
}

/**
 * `medhelm compare --suite <name> <model A> <model B>`: per benchmark, both models on the instances
 * both answered, the mean difference with a paired sign-flip test, and where they disagree most.
 * A model is named as `medhelm run --models` names it (a deployment id of `--models-file`, a
 * built-in id, `provider:model`) or by its HELM name (run_spec.json `adapter_spec.model`).
 */
export async function compareCommand(
  modelAOption: string,
  modelBOption: string,
  options: CompareCommandOptions,
  io: CliIo,
): Promise<number> {
  const outputPath = resolve(io.cwd, options.outputPath);
  const config =
    options.modelsFile === undefined ? undefined : loadModelsFile(resolve(io.cwd, options.modelsFile));
  const folder = suiteDirectory(outputPath, options.suite);
  if (!existsSync(folder)) {
    // As summarize says it: "has no runs of model X" would send one looking for the wrong mistake.
    throw new ConfigError(`There is no suite ${options.suite}: ${folder} does not exist.`, {
      hint: `Run benchmarks with \`medhelm run --suite ${options.suite}\` first, or pass the output path the runs were written to with -o.`,
    });
  }
  const suiteB = options.suiteB ?? options.suite;
  if (!existsSync(suiteDirectory(outputPath, suiteB))) {
    throw new ConfigError(
      `There is no suite ${suiteB}: ${suiteDirectory(outputPath, suiteB)} does not exist.`,
      {
        hint: 'Give --suite-b a suite of the same output path (-o), e.g. the one `medhelm rescore --suite` wrote.',
      },
    );
  }
  const [modelA, modelB] = (
    [
      [modelAOption, options.suite],
      [modelBOption, suiteB],
    ] as const
  ).map(([model, suite]) =>
    suiteModelName(model, { suite, models: listSuiteModels(outputPath, suite) }, config, io),
  ) as [string, string];
  const top = Number(options.top);
  if (!Number.isInteger(top) || top < 0) {
    throw new ConfigError(`--top must be a whole number of instances, not ${options.top}.`, {
      hint: 'For example --top 10; --top 0 lists no instances.',
    });
  }
  const comparison = await compareModels({
    outputPath,
    suite: options.suite,
    ...(suiteB === options.suite ? {} : { suiteB }),
    modelA,
    modelB,
    top,
    ...(options.schema === undefined
      ? {}
      : { schema: readLeaderboardSchema(resolve(io.cwd, options.schema)) }),
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
  });
  if (options.json) {
    io.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`);
    return ExitCode.ok;
  }
  const lines = [
    suiteB === options.suite
      ? `A = ${named(modelAOption, modelA)}, B = ${named(modelBOption, modelB)} (suite ${options.suite})`
      : `A = ${named(modelAOption, modelA)} (suite ${options.suite}), B = ${named(modelBOption, modelB)} (suite ${suiteB})`,
    '',
    printTable(comparisonTable(comparison)),
  ];
  if (top > 0 && comparison.benchmarks.some((benchmark) => benchmark.top_disagreements.length > 0)) {
    lines.push('', 'Largest disagreements:', printTable(disagreementsTable(comparison)));
  }
  for (const [model, only] of [
    [modelA, comparison.only_a],
    [modelB, comparison.only_b],
  ] as const) {
    if (only.length > 0) lines.push('', `Only ${model} has: ${only.join(', ')}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return ExitCode.ok;
}

/**
 * The HELM model name (run_spec.json `adapter_spec.model`) a compare argument stands for: the
 * argument itself when the suite has runs of it (a HELM name), else the HELM model of the
 * deployment it names, resolved as `medhelm run --models` resolves it. A deployment whose model
 * the suite has no runs of is an error naming both; anything else is left to compareModels,
 * which says which models the suite has.
 */
function suiteModelName(
  model: string,
  suite: { suite: string; models: readonly string[] },
  config: ModelsConfig | undefined,
  io: CliIo,
): string {
  const suiteModels = suite.models;
  // A HELM name has a "/", which no deployment id has; a suite without runs is compareModels' to
  // report: both are left to it, and its "did you mean".
  if (suiteModels.includes(model) || model.includes('/') || suiteModels.length === 0) return model;
  let helmModel: string;
  try {
    helmModel = resolveModelDeploymentSettings(model, config, io.env).helmModel;
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    throw new ConfigError(
      `${model} is neither a model of suite ${suite.suite} nor a known deployment: ${error.message}`,
      {
        hint: `Name a model by its HELM name (${suiteModels.join(', ') || 'the suite has none'}), or by a deployment id: built in, or from the models file given with --models-file.`,
        cause: error,
      },
    );
  }
  if (suiteModels.includes(helmModel)) return helmModel;
  throw new ConfigError(
    `Deployment ${model} is model ${helmModel}, of which suite ${suite.suite} has no runs.`,
    {
      hint: `This suite has runs of: ${suiteModels.join(', ') || 'none'}.`,
    },
  );
}

/** "gpt-4o (openai/gpt-4o-2024-08-06)" when the model was named by a deployment id. */
function named(option: string, model: string): string {
  return option === model ? model : `${option} (${model})`;
}
