import type { BatchResult, CheckpointRecord, ExecutionTally, InstanceSource } from '@medhelm/engine';

const SOURCES: readonly InstanceSource[] = ['model', 'cache', 'checkpoint', 'failed'];

/** Instances done per source, when `data` holds a count of each; undefined otherwise. */
export function countsOf(data: unknown): Record<InstanceSource, number> | undefined {
  const record = data as Record<string, unknown> | null;
  if (record === null || typeof record !== 'object') return undefined;
  return SOURCES.every((source) => typeof record[source] === 'number')
    ? (record as Record<InstanceSource, number>)
    : undefined;
}

/**
 * A batch job's return value read back by the coordinator (JSON, as BullMQ stores it): the tally,
 * every instance's checkpoint and whether the budget stopped it; undefined when it is not one
 * (a worker of another version), which fails the run rather than count work it cannot save.
 */
export function batchResultFrom(returnvalue: unknown): BatchResult | undefined {
  let value = returnvalue;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const result = value as Partial<BatchResult> | null;
  if (result === null || typeof result !== 'object') return undefined;
  const tally = result.tally as ExecutionTally | undefined;
  if (tally === null || typeof tally !== 'object' || countsOf(tally.counts) === undefined) return undefined;
  if (!Array.isArray(result.checkpoints) || !result.checkpoints.every(isCheckpointRecord)) return undefined;
  return { tally, checkpoints: result.checkpoints, stoppedForCost: result.stoppedForCost === true };
}

function isCheckpointRecord(value: unknown): value is CheckpointRecord {
  const record = value as Partial<CheckpointRecord> | null;
  return (
    record !== null &&
    typeof record === 'object' &&
    Number.isInteger(record.position) &&
    typeof record.instanceId === 'string' &&
    record.data !== null &&
    typeof record.data === 'object'
  );
}
