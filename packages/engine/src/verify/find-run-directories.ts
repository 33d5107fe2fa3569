import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';

/**
 * The run directories `path` names: itself when it holds a run_spec.json, else its
 * sub-directories that do (a suite folder), in name order. Hidden folders are the writers'
 * temporary ones (`.<run>.partial-<pid>`) and are left out. Anything else is a ConfigError.
 */
export function findRunDirectories(path: string): string[] {
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new ConfigError(`${path} is not a folder.`, {
      hint: 'Give a run directory (<output-path>/runs/<suite>/<run name>) or a suite folder (<output-path>/runs/<suite>).',
    });
  }
  if (existsSync(join(path, 'run_spec.json'))) return [path];
  const runs = readdirSync(path, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        !entry.name.startsWith('.') &&
        existsSync(join(path, entry.name, 'run_spec.json')),
    )
    .map((entry) => join(path, entry.name))
    .sort();
  if (runs.length === 0) {
    throw new ConfigError(`${path} is neither a run directory nor a suite folder holding run directories.`, {
      hint: 'A run directory holds run_spec.json; give <output-path>/runs/<suite>/<run name> or <output-path>/runs/<suite>.',
    });
  }
  return runs;
}
