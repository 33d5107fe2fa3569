import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { locateSharedDirectory } from './find-shared-directory.ts';
import { findWorkspaceRoot } from './find-workspace-root.ts';
import { recordMissingPrerequisite } from './record-missing-prerequisite.ts';

/** Where the vectors and data bundled in the repository lie, relative to the checkout. */
const BUNDLE_FOLDER = join('packages', 'fidelity-vectors');
/** The bundle's list of files left out of it (path prefix -> why), see its README. */
const WITHHELD_LIST = 'withheld.json';
/** The prerequisite's name, in the skipped-tests summary, of files the repository may not carry. */
const WITHHELD_FILES = 'the shared folder (files that may not be redistributed)';
/** The prerequisite's name, in the skipped-tests summary, of a run declared partial. */
const PARTIAL_RUN = 'the bundled fidelity vectors (MEDHELM_PARTIAL_FIDELITY=1: a partial run)';
const HOW_TO_GIVE_SHARED =
  'put the shared folder beside the checkout as ../shared, or set MEDHELM_SHARED_DIR to it';

/**
 * Finds the folder that holds every one of `relativePaths` (laid out as the shared folder:
 * `conformance/…`, `conformance-gated-private/…`, `data/<benchmark>/…`, `reference/…`), so HELM
 * fidelity checks run on a fresh clone. The repository's bundle (`packages/fidelity-vectors`, or
 * `MEDHELM_FIDELITY_VECTORS_DIR`) comes first. A file the bundle should hold but lacks is an error
 * naming it, unless `MEDHELM_PARTIAL_FIDELITY=1` declares the run partial. Files the bundle
 * withholds (no licence to redistribute them) come from the shared folder; without it this returns
 * undefined and records on the test file which file is missing and why, so the test skips saying so.
 */
export function findFidelityDirectory(
  relativePaths: readonly string[],
  startDirectory: string = process.cwd(),
): string | undefined {
  const bundle = bundleDirectory(startDirectory);
  const withheld = withheldReasons(bundle, relativePaths);
  if (withheld.length === 0) return bundledDirectory(bundle, relativePaths);
  const shared = locateSharedDirectory(startDirectory);
  if (typeof shared === 'string' && relativePaths.every((path) => existsSync(join(shared, path))))
    return shared;
  const where = typeof shared === 'string' ? `${shared} lacks them` : shared.missing;
  recordMissingPrerequisite(WITHHELD_FILES, `${withheld.join('; ')}: ${HOW_TO_GIVE_SHARED} (${where})`);
  return undefined;
}

/** The bundle folder: `MEDHELM_FIDELITY_VECTORS_DIR`, else the checkout's packages/fidelity-vectors. */
function bundleDirectory(startDirectory: string): string {
  const fromEnvironment = process.env.MEDHELM_FIDELITY_VECTORS_DIR;
  if (fromEnvironment) return resolve(fromEnvironment);
  return join(findWorkspaceRoot(startDirectory) ?? resolve(startDirectory), BUNDLE_FOLDER);
}

/** For each path the bundle withholds: the path and why, as the bundle's withheld.json says. */
function withheldReasons(bundle: string, relativePaths: readonly string[]): string[] {
  const listPath = join(bundle, WITHHELD_LIST);
  if (!existsSync(listPath)) return [];
  const list = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, string>;
  return relativePaths.flatMap((path) => {
    const prefix = Object.keys(list).find((withheld) => path === withheld || path.startsWith(`${withheld}/`));
    return prefix === undefined ? [] : [`${path} (${list[prefix]})`];
  });
}

/** The bundle, when it holds every path; else an error naming the missing ones (a skip in a partial run). */
function bundledDirectory(bundle: string, relativePaths: readonly string[]): string | undefined {
  const missing = relativePaths.filter((path) => !existsSync(join(bundle, path)));
  if (missing.length === 0) return bundle;
  const files = missing.map((path) => join(bundle, path)).join(', ');
  if (process.env.MEDHELM_PARTIAL_FIDELITY === '1') {
    recordMissingPrerequisite(PARTIAL_RUN, `missing ${files}`);
    return undefined;
  }
  throw new Error(
    `Missing bundled fidelity vectors: ${files}. They are part of the repository: restore them with ` +
      `\`git checkout -- ${BUNDLE_FOLDER}\` (see its README), or set MEDHELM_PARTIAL_FIDELITY=1 to declare a partial run that skips them.`,
  );
}
