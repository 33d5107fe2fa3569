import { type DatasetFileV1, DatasetLoadError } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import type { RunPlan } from '../plan/plan-runs.ts';
import { runDataSource, runFileResolver, runFolderResolver } from './select-run-instances.ts';

/**
 * Checks, before any run starts, that every file and folder a run reads from a folder
 * (`--data-dir`, `data_path=`, bundled samples) is there, and that files and folders that cannot
 * be downloaded (gated and private data) are available: one error lists everything missing, with
 * where to obtain it. Downloadable files and folders are left to the run, which downloads them.
 */
export async function checkDataPresent(plans: readonly RunPlan[], dataSource: DataSource): Promise<void> {
  // Several runs of one benchmark (EHRSHOT's tasks, one entry per model) read the same files: a
  // set names each missing file once per benchmark and folder.
  const problems = new Set<string>();
  const obtainByBenchmark = new Map<string, string | undefined>();
  for (const plan of plans) {
    const missing = await missingData(plan, dataSource);
    if (missing.length === 0) continue;
    const source = runDataSource(plan, dataSource);
    const where = source.kind === 'directory' ? ` (in ${source.path})` : '';
    for (const name of missing) problems.add(`${plan.benchmark.id}: ${name}${where}`);
    obtainByBenchmark.set(plan.benchmark.id, plan.benchmark.dataset.obtain);
  }
  if (problems.size === 0) return;
  throw new DatasetLoadError(`Data missing, so no run was started: ${[...problems].join('; ')}.`, {
    hint: missingDataHint(obtainByBenchmark),
  });
}

const PUT_THE_FILES =
  'Put the files under --data-dir (as <dir>/<file> or <dir>/<benchmark>/<file>), or give the entry data_path=<dir>';

/**
 * Where to put the files, and for each benchmark that lacks data its own way to obtain it and
 * README (the folder layout): one benchmark in one sentence, several one line each.
 */
function missingDataHint(obtainByBenchmark: ReadonlyMap<string, string | undefined>): string {
  const [only, ...others] = obtainByBenchmark;
  if (only !== undefined && others.length === 0) {
    const [id, obtain] = only;
    return `${obtain === undefined ? '' : `Access: ${obtain}. `}${PUT_THE_FILES}; see the ${id} README for the folder layout.`;
  }
  // Continuation lines are indented under the CLI's "  hint: ".
  const lines = [...obtainByBenchmark].map(
    ([id, obtain]) =>
      `    ${id}: ${obtain === undefined ? '' : `Access: ${obtain}. `}See the ${id} README for the folder layout.`,
  );
  return [`${PUT_THE_FILES}.`, ...lines].join('\n');
}

/**
 * The files and folders (`<name>/`) a run needs from a folder or a bundled sample that are not
 * there; downloadable ones are left to the run. Empty when it has everything.
 */
export async function missingData(plan: RunPlan, dataSource: DataSource): Promise<string[]> {
  const missing: string[] = [];
  const source = runDataSource(plan, dataSource);
  const resolveFile = runFileResolver(plan, dataSource);
  const { files } = plan.benchmark.dataset;
  for (const file of files) {
    if (file.optional === true || file.alternativeTo !== undefined) continue;
    if (source.kind === 'download' && file.url !== undefined) continue;
    // The file, or any file standing in for it (`alternativeTo`), will do.
    const forms = [file, ...files.filter((other) => other.alternativeTo === file.name)];
    if (!(await anyResolves(forms, resolveFile))) missing.push(forms.map((form) => form.name).join(' or '));
  }
  const resolveFolder = runFolderResolver(plan, dataSource);
  for (const folder of plan.benchmark.dataset.folders ?? []) {
    if (source.kind === 'download' && folder.listing !== undefined) continue;
    await resolveFolder(folder).catch(() => missing.push(`${folder.name}/`));
  }
  return missing;
}

async function anyResolves(
  files: readonly DatasetFileV1[],
  resolveFile: (file: DatasetFileV1) => Promise<string>,
): Promise<boolean> {
  for (const file of files) {
    try {
      await resolveFile(file);
      return true;
    } catch {
      // Not there: the next form may be.
    }
  }
  return false;
}
