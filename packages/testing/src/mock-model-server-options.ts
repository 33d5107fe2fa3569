import type { RetryAfterCheck, RetryAfterComplianceOptions } from './check-retry-after-compliance.ts';
import type { MockFault, MockFaultOptions } from './create-fault-injector.ts';
import type { MockBatchOptions, MockBatchRecord } from './mock-batch-options.ts';
import type { MockJuryOptions } from './mock-jury-reply.ts';
import type { MockReply } from './mock-reply.ts';
import type { MockRequest } from './mock-request.ts';
import type { MockModelCall, MockWire } from './mock-wire.ts';

/** Options of {@link startMockModelServer}. */
export interface MockModelServerOptions {
  /**
   * Decides the answer to each model call, whatever its wire; `index` counts the model calls that
   * passed validation, from 0 (calls replaced by an injected fault count too, but are not passed
   * here). A string is shorthand for `{ content }`. Default: every call is answered "A".
   */
  reply?: (call: MockModelCall, index: number) => string | MockReply | Promise<string | MockReply>;
  /** The wires served (default all); requests for the others get a 404. */
  wires?: readonly MockWire[];
  /** Model ids listed by `GET /v1/models` when the OpenAI wire is served (default `['mock-model']`). */
  models?: readonly string[];
  /**
   * When set, calls must carry this key in their wire's header (`Authorization: Bearer`, `api-key`,
   * `x-api-key`, `x-goog-api-key` or Gemini's `?key=`), else they get the API's 401/403/400.
   */
  requireApiKey?: string;
  /** Inject faults into model calls, chosen by a seeded generator (see {@link MockFaultOptions}). */
  faults?: MockFaultOptions;
  /**
   * Jury mode: calls whose prompt is an LLM-jury judge prompt (asks for JSON and names every
   * criterion) get rubric JSON replies, valid or broken as {@link MockJuryOptions} choose
   * deterministically; other calls still go to `reply`. See {@link mockJuryReply}.
   */
  jury?: MockJuryOptions;
  /**
   * Keep every request in `requests` (default true). Benchmarks of many thousands of calls turn it
   * off so the server's memory stays flat; the counters still count.
   */
  record?: boolean;
  /**
   * Serve the batch APIs of the OpenAI, Azure and Anthropic wires (`{}` for the defaults): each
   * line is validated and answered exactly as a synchronous call, with the faults chosen here.
   */
  batch?: MockBatchOptions;
}

/** A running mock model server. */
export interface MockModelServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** The OpenAI base URL, `${origin}/v1`: what users pass as `--base-url` for OpenAI-compatible servers. */
  readonly baseUrl: string;
  /**
   * The base URL of each wire as its official SDK spells it: OpenAI `${origin}/v1`; Azure, Anthropic
   * and Gemini `${origin}` (the client adds `/openai/deployments/...`, `/v1/messages`, `/v1beta/models/...`).
   */
  readonly baseUrls: Readonly<Record<MockWire, string>>;
  /** Every request received (model calls, listings, unknown paths), in arrival order. */
  readonly requests: readonly MockRequest[];
  /** Every injected fault, in order. */
  readonly faults: readonly MockFault[];
  /** Every batch created (with `batch`), in creation order; each record follows its batch's status. */
  readonly batches: readonly MockBatchRecord[];
  /** Synchronous model calls received (chat completions, messages, generateContent), batch lines not counted. */
  readonly syncCallCount: number;
  /** Batch lines answered by the reply logic so far. */
  readonly batchLineCount: number;
  /** Requests received so far (also when `record` is off). */
  readonly requestCount: number;
  /** Requests received and not yet answered (or dropped) right now. */
  readonly inFlight: number;
  /** The most requests that were in flight at once (since the start or `resetMaxInFlight`). */
  readonly maxInFlight: number;
  /** Starts counting `maxInFlight` again from the requests in flight now. */
  resetMaxInFlight(): void;
  /**
   * For every 429 with `retry-after: N` (injected or replied), whether the next request with the
   * same body came at least N seconds later (within `toleranceMs`, default 50).
   */
  retryAfterCompliance(options?: RetryAfterComplianceOptions): RetryAfterCheck[];
  /**
   * Stops the server, dropping keep-alive connections, hanging requests and answers waiting on
   * `delayMs`; safe to call twice.
   */
  close(): Promise<void>;
}
