import type { CheckpointStore } from '@medhelm/store';

/** One instance's checkpoint as the store saves it (position, instance id, the engine's data). */
export type CheckpointRecord = Parameters<CheckpointStore['save']>[1];

/**
 * A worker's batch's checkpoints, kept in memory instead of a store: a worker shares no disk with
 * its coordinator, so they travel back with the batch's result and the coordinator saves them
 * (the same records an in-process run saves). A later save of the same instance replaces the
 * earlier one, as in the store.
 */
export class BatchCheckpoints {
  readonly #records = new Map<string, CheckpointRecord>();

  /** `saved`: the coordinator's checkpoints of the batch (a resumed one), looked up like the store's. */
  constructor(saved: readonly CheckpointRecord[] = []) {
    for (const record of saved) this.#records.set(record.instanceId, record);
  }

  get(_runKey: string, instanceId: string): CheckpointRecord | undefined {
    return this.#records.get(instanceId);
  }

  async save(_runKey: string, record: CheckpointRecord): Promise<void> {
    // Stored as JSON, like the store: the coordinator receives what it would have read back.
    this.#records.set(record.instanceId, JSON.parse(JSON.stringify(record)) as CheckpointRecord);
  }

  /** Every checkpoint saved, by position. */
  records(): CheckpointRecord[] {
    return [...this.#records.values()].sort((a, b) => a.position - b.position);
  }
}
