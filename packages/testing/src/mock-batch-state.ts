import type { MockServerState } from './handle-mock-request.ts';
import type { MockBatchOptions, MockBatchRecord } from './mock-batch-options.ts';
import type { MockReply } from './mock-reply.ts';
import type { MockChatRequestBody, WireError, WireProtocol } from './mock-wire.ts';
import { answerOf } from './send-mock-answer.ts';

/** One line of a batch: its custom id, the body it asks for, and the synchronous wire's rejection of that body. */
export interface MockBatchLine {
  customId: string;
  body: MockChatRequestBody;
  /** What the synchronous endpoint would answer to this body instead of running it (a 400). */
  rejection: WireError | undefined;
}

/** How one line of an ended batch ended: answered (any status, as the synchronous call would be), expired or canceled. */
export type MockBatchOutcome =
  | { customId: string; kind: 'answered'; status: number; body: unknown }
  | { customId: string; kind: 'expired' | 'canceled' };

/** A batch the mock holds: its record, lines, times (epoch seconds) and, once ended, its outcomes. */
export interface MockBatch {
  readonly record: MockBatchRecord;
  readonly protocol: WireProtocol;
  readonly lines: readonly MockBatchLine[];
  /** Why the batch fails validation, when it does. */
  readonly failure: string | undefined;
  /** Cancel was asked for and the batch had not ended. */
  canceling: boolean;
  /** Set when the batch ends: one outcome per line, in line order. */
  outcomes: MockBatchOutcome[] | undefined;
  /** Set when the batch starts ending; status reads arriving meanwhile wait for it. */
  ending: Promise<void> | undefined;
  /** Timestamps by the batch object's field names (`created_at`, `in_progress_at`, …), epoch seconds. */
  readonly times: Record<string, number>;
  /** Fields only one wire has (`input_file_id`, `endpoint`, `metadata`, file ids). */
  readonly extra: Record<string, unknown>;
}

/** The files and batches of one mock server. */
export interface MockBatchState {
  readonly options: MockBatchOptions;
  /** Uploaded and produced files by id: their text and file object. */
  readonly files: Map<string, { text: string; object: Record<string, unknown> }>;
  readonly batches: Map<string, MockBatch>;
  /** Every batch's record, in creation order. */
  readonly records: MockBatchRecord[];
  /** Counts ids handed out, so each is new. */
  sequence: number;
}

/** Empty batch state for `options`. */
export function createMockBatchState(options: MockBatchOptions): MockBatchState {
  return { options, files: new Map(), batches: new Map(), records: [], sequence: 0 };
}

/** Now, epoch seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Ends `batch`: a canceled batch's lines are all canceled; otherwise the last `expireLines` lines
 * expire, lines the synchronous wire would reject get its rejection, lines chosen by `lineErrors`
 * get their error status, and every other line is answered by the server's reply logic, exactly as
 * a synchronous call with the same body.
 */
export async function endMockBatch(
  server: MockServerState,
  batchState: MockBatchState,
  batch: MockBatch,
): Promise<MockBatchOutcome[]> {
  const { options } = batchState;
  const canceled = batch.canceling;
  const expireFrom = batch.lines.length - (options.expireLines ?? 0);
  const outcomes: MockBatchOutcome[] = [];
  for (const [position, line] of batch.lines.entries()) {
    const { customId } = line;
    if (canceled) outcomes.push({ customId, kind: 'canceled' });
    else if (position >= expireFrom) outcomes.push({ customId, kind: 'expired' });
    else if (line.rejection !== undefined) {
      outcomes.push({ customId, kind: 'answered', ...line.rejection });
    } else if (isChosenLineError(options, position, customId)) {
      const status = options.lineErrors?.status ?? 500;
      const message = options.lineErrors?.message ?? `Mock batch line error with status ${status}.`;
      outcomes.push({ customId, kind: 'answered', status, body: batch.protocol.errorBody(status, message) });
    } else {
      outcomes.push({
        customId,
        kind: 'answered',
        ...(await answerBatchLine(server, batch.protocol, line.body)),
      });
    }
  }
  batch.outcomes = outcomes;
  return outcomes;
}

function isChosenLineError(options: MockBatchOptions, position: number, customId: string): boolean {
  const chosen = options.lineErrors;
  if (chosen === undefined) return false;
  if (position < (chosen.count ?? 0)) return true;
  return (chosen.customIds ?? []).some((id) => customId === id || customId.startsWith(`${id}-`));
}

/** The status and body the synchronous endpoint would answer for `body`, by the server's reply logic. */
async function answerBatchLine(
  server: MockServerState,
  protocol: WireProtocol,
  body: MockChatRequestBody,
): Promise<{ status: number; body: unknown }> {
  const call = protocol.normalize(body, '');
  const index = server.counters.calls++;
  server.counters.batchLines++;
  const answer = server.decideReply === undefined ? {} : await server.decideReply(call, index);
  const reply: MockReply = typeof answer === 'string' ? { content: answer } : answer;
  const status = reply.status ?? 200;
  if (reply.rawBody !== undefined) return { status, body: parsedOrText(reply.rawBody) };
  if (status !== 200) {
    return {
      status,
      body:
        reply.body === undefined
          ? protocol.errorBody(status, `Mock error with status ${status}.`)
          : reply.body,
    };
  }
  return { status, body: protocol.successBody(call, answerOf(protocol, call, index, reply)) };
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
