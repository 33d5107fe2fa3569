import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Finds the project's shared reference folder (conformance vectors, real data samples): the
 * `MEDHELM_SHARED_DIR` environment variable, else a `shared` folder beside the repository
 * checkout (where CI puts it). Returns undefined when there is none, so tests that need it can
 * say they were skipped instead of failing on a machine without it.
 */
export function findSharedDirectory(startDirectory: string = process.cwd()): string | undefined {
  const fromEnvironment = process.env.MEDHELM_SHARED_DIR;
  if (fromEnvironment) return existsSync(fromEnvironment) ? resolve(fromEnvironment) : undefined;
  let directory = resolve(startDirectory);
  for (;;) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) {
      const shared = join(directory, '..', 'shared');
      return existsSync(join(shared, 'conformance')) ? resolve(shared) : undefined;
    }
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
