import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { recordMissingPrerequisite } from './record-missing-prerequisite.ts';

/** The prerequisite's name in the skipped-tests summary. */
const SHARED_FOLDER = 'the shared folder (HELM-made conformance vectors, real data samples)';
const HOW_TO_GIVE_IT =
  ' (set MEDHELM_SHARED_DIR to the folder that holds conformance/ and data/, or put it beside the checkout as ../shared)';

/**
 * Finds the project's shared reference folder (conformance vectors, real data samples): the
 * `MEDHELM_SHARED_DIR` environment variable, else a `shared` folder beside the repository
 * checkout (where CI puts it). Returns undefined when there is none, so tests that need it are
 * skipped instead of failing on a machine without it; the calling test file then records why
 * (`recordMissingPrerequisite`), and the test run ends by naming it and what it skipped.
 */
export function findSharedDirectory(startDirectory: string = process.cwd()): string | undefined {
  const found = locateSharedDirectory(startDirectory);
  if (typeof found === 'string') return found;
  recordMissingPrerequisite(SHARED_FOLDER, found.missing);
  return undefined;
}

function locateSharedDirectory(startDirectory: string): string | { missing: string } {
  const fromEnvironment = process.env.MEDHELM_SHARED_DIR;
  if (fromEnvironment) {
    return existsSync(fromEnvironment)
      ? resolve(fromEnvironment)
      : { missing: `MEDHELM_SHARED_DIR=${fromEnvironment} does not exist${HOW_TO_GIVE_IT}` };
  }
  let directory = resolve(startDirectory);
  for (;;) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) {
      const shared = resolve(directory, '..', 'shared');
      return existsSync(join(shared, 'conformance'))
        ? shared
        : {
            missing: `MEDHELM_SHARED_DIR is not set and there is no ${join(shared, 'conformance')} beside the checkout${HOW_TO_GIVE_IT}`,
          };
    }
    const parent = dirname(directory);
    if (parent === directory)
      return {
        missing: `MEDHELM_SHARED_DIR is not set and this is not inside a MedHELM checkout${HOW_TO_GIVE_IT}`,
      };
    directory = parent;
  }
}
