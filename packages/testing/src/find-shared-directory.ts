import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findWorkspaceRoot } from './find-workspace-root.ts';
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
 * Tests of HELM fidelity use `findFidelityDirectory`, which reads the bundled vectors first.
 */
export function findSharedDirectory(startDirectory: string = process.cwd()): string | undefined {
  const found = locateSharedDirectory(startDirectory);
  if (typeof found === 'string') return found;
  recordMissingPrerequisite(SHARED_FOLDER, found.missing);
  return undefined;
}

/** The shared folder, or why there is none; records nothing (`findFidelityDirectory` words its own reason). */
export function locateSharedDirectory(startDirectory: string): string | { missing: string } {
  const fromEnvironment = process.env.MEDHELM_SHARED_DIR;
  if (fromEnvironment) {
    return existsSync(fromEnvironment)
      ? resolve(fromEnvironment)
      : { missing: `MEDHELM_SHARED_DIR=${fromEnvironment} does not exist${HOW_TO_GIVE_IT}` };
  }
  const workspaceRoot = findWorkspaceRoot(startDirectory);
  if (workspaceRoot === undefined)
    return {
      missing: `MEDHELM_SHARED_DIR is not set and this is not inside a MedHELM checkout${HOW_TO_GIVE_IT}`,
    };
  const shared = resolve(workspaceRoot, '..', 'shared');
  return existsSync(resolve(shared, 'conformance'))
    ? shared
    : {
        missing: `MEDHELM_SHARED_DIR is not set and there is no ${resolve(shared, 'conformance')} beside the checkout${HOW_TO_GIVE_IT}`,
      };
}
