import { resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import {
  compareModels,
  comparisonTable,
  disagreementsTable,
  readLeaderboardSchema,
} from '@medhelm/leaderboard';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { printTable } from './summarize-command.ts';

/** Options of `medhelm compare`. */
export interface CompareCommandOptions {
  suite: string;
  outputPath: string;
  schema?: string;
  top: string;
  json?: boolean;
}

/**
 * `medhelm compare --suite <name> <model A> <model B>`: per benchmark, both models on the instances
 * both answered, the mean difference with a paired sign-flip test, and where they disagree most.
 */
export async function compareCommand(
  modelA: string,
  modelB: string,
  options: CompareCommandOptions,
  io: CliIo,
): Promise<number> {
  const top = Number(options.top);
  if (!Number.isInteger(top) || top < 0) {
    throw new ConfigError(`--top must be a whole number of instances, not ${options.top}.`, {
      hint: 'For example --top 10; --top 0 lists no instances.',
    });
  }
  const comparison = await compareModels({
    outputPath: resolve(io.cwd, options.outputPath),
    suite: options.suite,
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
    `A = ${modelA}, B = ${modelB} (suite ${options.suite})`,
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
