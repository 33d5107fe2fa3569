import type { OpenBatches } from '@medhelm/engine';
import type { CliIo } from '../cli-io.ts';

/**
 * What to do with the provider batches still running when a run was stopped (Ctrl-C,
 * `--max-cost`): asked at a terminal (cancel, or leave them running); without one they are left
 * running, and the message says how to collect them.
 */
export function openBatchesDecision(
  io: CliIo,
): (open: readonly OpenBatches[]) => Promise<'cancel' | 'leave'> {
  return async (open) => {
    const count = open.reduce((total, entry) => total + entry.batchIds.length, 0);
    const list = open.map((entry) => `${entry.deployment}: ${entry.batchIds.join(', ')}`).join('; ');
    const leftRunning = `${count} provider batch${count === 1 ? ' is' : 'es are'} left running (${list}). Run the same command again to collect their answers: nothing is submitted or paid twice.\n`;
    if (io.ask === undefined) {
      io.stderr.write(leftRunning);
      return 'leave';
    }
    const answer = await io.ask(
      `${count} provider batch${count === 1 ? ' is' : 'es are'} still running (${list}). Cancel ${count === 1 ? 'it' : 'them'}? Requests already answered are billed either way. [y/N] `,
    );
    if (/^y(es)?$/i.test(answer.trim())) {
      io.stderr.write(
        `Cancelling ${count} batch${count === 1 ? '' : 'es'}; the same command again collects what they answered before the cancel and sends the rest again.\n`,
      );
      return 'cancel';
    }
    io.stderr.write(leftRunning);
    return 'leave';
  };
}
