import { ConfigError } from '@medhelm/core';
import type { ModelDeployment } from './model-deployment.ts';

/**
 * A HELM run entry, `<benchmark>:<key>=<value>,<key>=<value>` (HELM's `parse_object_spec`). Keys
 * keep their order: HELM appends them to the run name in the order they were written.
 */
export interface RunEntry {
  benchmarkId: string;
  args: ReadonlyArray<readonly [key: string, value: string]>;
  /** HELM run-entry `priority`, when the entry came from a conf file. */
  priority?: number;
  /** Extra HELM run groups from a conf file entry. */
  groups?: readonly string[];
  /**
   * The deployment, already resolved with its settings (base URL, key variable, limits, price),
   * when the entry came from `--models`; otherwise `model` / `model_deployment` are resolved when
   * the runs are planned.
   */
  deployment?: ModelDeployment;
}

/** Parses one run-entry description; `source` names where it came from for error messages. */
export function parseRunEntry(description: string, source = '--run-entries'): RunEntry {
  const text = description.trim();
  const colon = text.indexOf(':');
  const benchmarkId = colon === -1 ? text : text.slice(0, colon);
  if (benchmarkId === '') {
    throw new ConfigError(`${source}: the run entry "${description}" names no benchmark.`, {
      hint: 'Write it as <benchmark>:model=<provider>:<model>, e.g. pubmed_qa:model=baseline:first-option.',
    });
  }
  if (colon === -1) return { benchmarkId, args: [] };
  const args = text
    .slice(colon + 1)
    .split(',')
    .map((argument) => {
      const equals = argument.indexOf('=');
      if (equals <= 0) {
        throw new ConfigError(
          `${source}: expected <key>=<value> in run entry "${description}", got "${argument}".`,
        );
      }
      return [argument.slice(0, equals), argument.slice(equals + 1)] as const;
    });
  return { benchmarkId, args };
}
