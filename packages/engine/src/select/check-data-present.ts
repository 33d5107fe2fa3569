import { DatasetLoadError } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import type { RunPlan } from '../plan/plan-runs.ts';
import { runDataSource, runFileResolver } from './select-run-instances.ts';

/**
 * Checks, before any run starts, that every file a run reads from a folder (`--data-dir`,
 * `data_path=`, bundled samples) is there, and that files that cannot be downloaded (gated and
 * private data) are available: one error lists everything missing, with where to obtain it.
 * Downloadable files are left to the run, which downloads them.
 */
export async function checkDataPresent(plans: readonly RunPlan[], dataSource: DataSource): Promise<void> {
  const problems: string[] = [];
  let obtain: string | undefined;
  for (const plan of plans) {
    const source = runDataSource(plan, dataSource);
    const resolveFile = runFileResolver(plan, dataSource);
    for (const file of plan.benchmark.dataset.files) {
      if (file.optional === true) continue;
      if (source.kind === 'download' && file.url !== undefined) continue;
      try {
        await resolveFile(file);
      } catch {
        problems.push(
          `${plan.benchmark.id}: ${file.name}${source.kind === 'directory' ? ` (in ${source.path})` : ''}`,
        );
        obtain ??= plan.benchmark.dataset.obtain;
      }
    }
  }
  if (problems.length === 0) return;
  const first = plans.find((plan) => plan.benchmark.dataset.obtain !== undefined);
  throw new DatasetLoadError(`Data missing, so no run was started: ${problems.join('; ')}.`, {
    hint: `${obtain === undefined ? '' : `Access: ${obtain}. `}Put the files under --data-dir (as <dir>/<file> or <dir>/<benchmark>/<file>), or give the entry data_path=<dir>${first === undefined ? '' : `; see the ${first.benchmark.id} README for the folder layout`}.`,
  });
}
