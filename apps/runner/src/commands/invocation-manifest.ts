import { ConfigError } from '@medhelm/core';
import { canonicalJson } from '@medhelm/store';
import type { RunCommandOptions } from './run-command-options.ts';

const FORMAT = 'medhelm-invocation/1';

/** The `medhelm run` options that only the coordinator uses: workers plan without them. */
const COORDINATOR_ONLY: ReadonlySet<string> = new Set([
  'executor',
  'redisUrl',
  'queue',
  'batchSize',
  'workerTimeout',
  'globalConcurrency',
  'estimate',
  'redact',
  'maxInvalidJudgeReplies',
]);

/**
 * The manifest of a distributed invocation: the working directory paths are resolved against and
 * the options runs are planned from, as canonical JSON (the same invocation gives the same text,
 * hence the same batch ids). It holds names of key variables, never a key.
 */
export function invocationManifest(options: RunCommandOptions, cwd: string): string {
  const planning = Object.fromEntries(
    Object.entries(options).filter(([name, value]) => !COORDINATOR_ONLY.has(name) && value !== undefined),
  );
  return canonicalJson({ format: FORMAT, cwd, options: planning });
}

/** A manifest read back by a worker. */
export function parseInvocationManifest(text: string): { cwd: string; options: RunCommandOptions } {
  const manifest = JSON.parse(text) as { format?: unknown; cwd?: unknown; options?: unknown };
  if (
    manifest.format !== FORMAT ||
    typeof manifest.cwd !== 'string' ||
    typeof manifest.options !== 'object'
  ) {
    throw new ConfigError(
      `The invocation's manifest is not a ${FORMAT} manifest (format ${String(manifest.format)}).`,
      {
        hint: 'Run the coordinator and the workers with the same version of medhelm.',
      },
    );
  }
  return { cwd: manifest.cwd, options: manifest.options as RunCommandOptions };
}
