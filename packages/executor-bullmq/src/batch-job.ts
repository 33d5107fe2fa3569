import { createHash } from 'node:crypto';
import type { InstanceBatch } from '@medhelm/engine';

/** The name of every batch job in the queue. */
export const BATCH_JOB_NAME = 'medhelm-batch';

/**
 * A batch job's data: references, never prompts or data: the invocation (the hash of its manifest,
 * stored once in Redis), the run, and the range of positions; the worker renders the prompts from
 * its own copy of the data.
 */
export interface BatchJobData extends InstanceBatch {
  /** The SHA-256 of the invocation's manifest (see `publishInvocation`). */
  invocation: string;
  /** The coordinator holds checkpoints of this batch (a resumed run): under `resumeKey` of the job's id. */
  resume?: boolean;
}

/** Where a resumed batch's checkpoints wait for its worker (JSON, removed once the run is written). */
export function resumeKey(queuePrefix: string, jobId: string): string {
  return `${queuePrefix}:resume:${jobId}`;
}

/**
 * A batch job's id: `<run>:<benchmark>:<batch>`, `<run>` a hash of the invocation and the run name
 * (HELM run names hold colons, which BullMQ ids may not). The same invocation always makes the same
 * ids, so a coordinator started again re-attaches to its batches instead of queuing them twice.
 */
export function batchJobId(invocation: string, runName: string, benchmarkId: string, batch: number): string {
  const run = createHash('sha256').update(`${invocation}\n${runName}`).digest('hex').slice(0, 16);
  return `${run}:${benchmarkId.replaceAll(':', '_')}:${batch}`;
}

/** The job data a worker was given, checked: a queue shared with other tools may hold anything. */
export function parseBatchJobData(data: unknown, jobId: string | undefined): BatchJobData {
  const record = (data ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const text = (field: string) => {
    if (typeof record[field] !== 'string' || record[field] === '')
      problems.push(`${field} must be a non-empty string`);
  };
  const count = (field: string) => {
    const value = record[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      problems.push(`${field} must be an integer >= 0`);
  };
  text('invocation');
  text('runName');
  count('start');
  count('end');
  count('total');
  if (
    problems.length === 0 &&
    !((record.start as number) < (record.end as number) && (record.end as number) <= (record.total as number))
  )
    problems.push('start < end <= total must hold');
  if (problems.length > 0) {
    throw new Error(`Job ${jobId ?? '(no id)'} is not a MedHELM batch: ${problems.join('; ')}.`);
  }
  return record as unknown as BatchJobData;
}
