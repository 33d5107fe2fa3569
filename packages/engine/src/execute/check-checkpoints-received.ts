import { ConfigError } from '@medhelm/core';
import type { MedHelmStore } from '@medhelm/store';
import type { ExecutionTally } from './execution-tally.ts';

/**
 * Every instance a worker reports done comes back with its checkpoint, which this process saves
 * before counting the batch done, and the run directory is written from those checkpoints: when
 * the store holds fewer of them than the workers reported done, a worker returned a tally without
 * its checkpoints (another version of medhelm), and the run directory would show numbers of a part
 * of the work as if it were all of it.
 */
export function checkCheckpointsReceived(store: MedHelmStore, runKey: string, tally: ExecutionTally): void {
  const { model, cache, checkpoint, failed } = tally.counts;
  const reported = model + cache + checkpoint + failed;
  const stored = store.checkpoints.count(runKey);
  if (stored >= reported) return;
  throw new ConfigError(
    `Run ${runKey}: the workers reported ${reported} instances done, but returned the checkpoints of ${stored} of them, so no run directory was written.`,
    {
      hint: 'Run the coordinator and every worker with the same version of medhelm, then run the same command again: the answers are in the request caches of the workers that made them.',
    },
  );
}
