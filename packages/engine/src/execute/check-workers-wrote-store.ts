import { ConfigError } from '@medhelm/core';
import type { MedHelmStore } from '@medhelm/store';
import type { ExecutionTally } from './execution-tally.ts';

/**
 * Workers save every instance they execute into the shared store (each batch resumes), which the
 * coordinator writes the run directory from: when the store holds fewer checkpoints than the
 * workers reported done, they wrote somewhere else, and the run directory would show numbers of a
 * part of the work (or none) as if it were all of it.
 */
export function checkWorkersWroteStore(store: MedHelmStore, runKey: string, tally: ExecutionTally): void {
  const { model, cache, checkpoint, failed } = tally.counts;
  const reported = model + cache + checkpoint + failed;
  const stored = store.checkpoints.count(runKey);
  if (stored >= reported) return;
  throw new ConfigError(
    `Run ${runKey}: the workers reported ${reported} instances done, but the store this coordinator writes the run from (${store.path}) holds ${stored} of them, so no run directory was written.`,
    {
      hint: "Workers must open the coordinator's store: run `medhelm worker` on the machine that holds the output folder, without -o (it then uses the coordinator's) or with -o naming that same folder. Then run the same command again: what the workers answered is in the request cache of the store they used, not in this one.",
    },
  );
}
