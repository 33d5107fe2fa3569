import type { MockWire } from './mock-wire.ts';

/**
 * How the mock's batch APIs (OpenAI `/v1/files` + `/v1/batches`, Azure `/openai/files` +
 * `/openai/batches`, Anthropic `/v1/messages/batches`) behave. Every line is answered by the same
 * `reply`/`jury` logic as a synchronous call, after the same validation; these options inject the
 * faults a batch client must survive, deterministically.
 */
export interface MockBatchOptions {
  /**
   * Status reads a batch answers `in_progress` before it ends (default 0: the first read after
   * creation finds it ended). A client killed mid-batch can re-attach while reads remain.
   */
  inProgressPolls?: number;
  /**
   * Lines answered with an error status instead of their reply: those whose custom id is listed
   * (an id also matches its per-completion lines `<id>-<n>`), and the first `count` lines. The
   * status (default 500) decides retryability as on the synchronous wire.
   */
  lineErrors?: { customIds?: readonly string[]; count?: number; status?: number; message?: string };
  /**
   * The last `count` lines never run: the batch ends expired (OpenAI `expired` with `batch_expired`
   * lines, Anthropic `ended` with `expired` results).
   */
  expireLines?: number;
  /**
   * Every batch fails validation with this message: OpenAI and Azure end it `failed` with the
   * message in `errors.data`; Anthropic, which validates a batch when it is created, answers 400.
   */
  failValidation?: string;
}

/** One batch the mock created, as a test sees it (updated as the batch moves on). */
export interface MockBatchRecord {
  /** The provider's batch id (`batch_mock…`, `msgbatch_mock…`). */
  readonly id: string;
  readonly wire: MockWire;
  /** Lines in the batch (per completion for Anthropic). */
  readonly lineCount: number;
  /** The provider's status word now (`validating`, `in_progress`, `completed`, `ended`, …). */
  status: string;
  /** Creation order across every wire, from 0. */
  readonly order: number;
  /** `metadata.medhelm_label` of an OpenAI or Azure batch. */
  readonly label: string | undefined;
  /** Status reads answered so far. */
  polls: number;
}
