import { anthropicWire } from './anthropic-wire.ts';
import type { MockServerState } from './handle-mock-request.ts';
import type { MockBatchRecord } from './mock-batch-options.ts';
import {
  endMockBatch,
  type MockBatch,
  type MockBatchLine,
  type MockBatchState,
  nowSeconds,
} from './mock-batch-state.ts';
import type { MockExchange } from './mock-exchange.ts';
import { type MockChatRequestBody, objectField, type WireRequestHead } from './mock-wire.ts';

const BATCHES_ROUTE = '/v1/messages/batches';
// Anthropic's rule for a request's custom_id (https://platform.claude.com/docs/en/api/creating-message-batches).
const customIdPattern = /^[a-zA-Z0-9_-]{1,64}$/;

// The Message Batches API as https://platform.claude.com/docs/en/build-with-claude/batch-processing
// and the API reference (create, retrieve, cancel, results) document it, checked 2026-12-07: the
// MessageBatch object's fields, RFC 3339 times, and result lines `succeeded` / `errored` /
// `canceled` / `expired`.

/**
 * Answers Anthropic's Message Batches routes (`POST /v1/messages/batches`, `GET …/{id}`,
 * `POST …/{id}/cancel`, `GET …/{id}/results`); false when the request is none of them.
 */
export async function answerAnthropicBatchRoute(
  server: MockServerState,
  batches: MockBatchState,
  exchange: MockExchange,
  head: WireRequestHead,
  rawBody: string,
): Promise<boolean> {
  if (head.route !== BATCHES_ROUTE && !head.route.startsWith(`${BATCHES_ROUTE}/`)) return false;
  const [id, action] = head.route
    .slice(BATCHES_ROUTE.length + 1)
    .split('/')
    .map(decodeURIComponent);
  exchange.protocol = anthropicWire;
  if (exchange.record !== undefined) exchange.record.wire = 'anthropic';
  const fail = (status: number, message: string) =>
    exchange.sendJson(status, anthropicWire.errorBody(status, message));
  const denied =
    server.options.requireApiKey === undefined
      ? undefined
      : anthropicWire.checkApiKey(head, server.options.requireApiKey);
  if (denied !== undefined) {
    exchange.sendJson(denied.status, denied.body);
    return true;
  }
  if ((head.headers['anthropic-version'] ?? '') === '') {
    fail(400, 'anthropic-version: header is required');
    return true;
  }
  if (head.method === 'POST' && head.route === BATCHES_ROUTE) {
    createBatch(batches, exchange, head, rawBody, fail);
    return true;
  }
  const batch = id === undefined ? undefined : batches.batches.get(id);
  if (batch === undefined) {
    fail(404, `No message batch found with id ${JSON.stringify(id ?? '')}.`);
    return true;
  }
  const origin = `http://${head.headers.host ?? '127.0.0.1'}`;
  if (head.method === 'GET' && action === undefined) {
    exchange.sendJson(200, batchObject(await pollBatch(server, batches, batch), origin));
  } else if (head.method === 'POST' && action === 'cancel') {
    if (batch.ending === undefined && !batch.canceling) {
      batch.canceling = true;
      batch.times.cancel_initiated_at = nowSeconds();
      batch.record.status = 'canceling';
    }
    exchange.sendJson(200, batchObject(batch, origin));
  } else if (head.method === 'GET' && action === 'results') {
    if (batch.outcomes === undefined)
      fail(400, 'The message batch has not ended yet; its results are not available.');
    else exchange.send(200, resultLines(batch), { 'content-type': 'application/binary' });
  } else {
    fail(404, `Unknown request URL: ${head.method} ${head.route}.`);
  }
  return true;
}

/** `POST /v1/messages/batches`: `{ requests: [{ custom_id, params }] }`, checked as the API checks it on creation. */
function createBatch(
  batches: MockBatchState,
  exchange: MockExchange,
  head: WireRequestHead,
  rawBody: string,
  fail: (status: number, message: string) => void,
): void {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    fail(400, 'There was an error parsing the body of your request.');
    return;
  }
  const requests = objectField(body)?.requests;
  if (!Array.isArray(requests) || requests.length === 0) {
    fail(400, 'requests: at least one request is required');
    return;
  }
  if (batches.options.failValidation !== undefined) {
    fail(400, batches.options.failValidation);
    return;
  }
  const lines: MockBatchLine[] = [];
  const seen = new Set<string>();
  for (const [position, entry] of requests.entries()) {
    const request = objectField(entry);
    const customId = request?.custom_id;
    const params = objectField(request?.params) as MockChatRequestBody | undefined;
    if (typeof customId !== 'string' || !customIdPattern.test(customId) || params === undefined) {
      fail(
        400,
        `requests.${position}: custom_id must match ^[a-zA-Z0-9_-]{1,64}$ and params must be an object`,
      );
      return;
    }
    if (seen.has(customId)) {
      fail(400, `requests.${position}.custom_id: '${customId}' is used twice in the batch`);
      return;
    }
    seen.add(customId);
    // As the API: a request's params are validated while the batch runs, and a bad one is `errored`.
    lines.push({ customId, body: params, rejection: anthropicWire.validate(head, params) });
  }
  const now = nowSeconds();
  const record: MockBatchRecord = {
    id: `msgbatch_mock${String(++batches.sequence).padStart(6, '0')}`,
    wire: 'anthropic',
    lineCount: lines.length,
    status: 'in_progress',
    order: batches.records.length,
    label: undefined,
    polls: 0,
  };
  const batch: MockBatch = {
    record,
    protocol: anthropicWire,
    lines,
    failure: undefined,
    canceling: false,
    outcomes: undefined,
    ending: undefined,
    times: { created_at: now, expires_at: now + 24 * 60 * 60 },
    extra: {},
  };
  batches.batches.set(record.id, batch);
  batches.records.push(record);
  exchange.sendJson(200, batchObject(batch, `http://${head.headers.host ?? '127.0.0.1'}`));
}

/** A status read: `in_progress` while `inProgressPolls` remain (unless canceling), then the batch is answered and `ended`. */
async function pollBatch(
  server: MockServerState,
  batches: MockBatchState,
  batch: MockBatch,
): Promise<MockBatch> {
  const polls = batch.record.polls++;
  if (batch.ending === undefined && !batch.canceling && polls < (batches.options.inProgressPolls ?? 0)) {
    return batch;
  }
  batch.ending ??= (async () => {
    await endMockBatch(server, batches, batch);
    batch.times.ended_at = nowSeconds();
    batch.record.status = 'ended';
  })();
  await batch.ending;
  return batch;
}

/** The MessageBatch object, every documented field present. */
function batchObject(batch: MockBatch, origin: string): Record<string, unknown> {
  const { record, times } = batch;
  const outcomes = batch.outcomes ?? [];
  const answered = outcomes.filter((outcome) => outcome.kind === 'answered');
  const succeeded = answered.filter((outcome) => outcome.status === 200).length;
  const count = (kind: 'expired' | 'canceled') => outcomes.filter((outcome) => outcome.kind === kind).length;
  const iso = (field: string) =>
    times[field] === undefined ? null : new Date(times[field] * 1000).toISOString();
  return {
    id: record.id,
    type: 'message_batch',
    processing_status: record.status,
    request_counts: {
      processing: batch.outcomes === undefined ? record.lineCount : 0,
      succeeded,
      errored: answered.length - succeeded,
      canceled: count('canceled'),
      expired: count('expired'),
    },
    ended_at: iso('ended_at'),
    created_at: iso('created_at'),
    expires_at: iso('expires_at'),
    cancel_initiated_at: iso('cancel_initiated_at'),
    archived_at: null,
    results_url: batch.outcomes === undefined ? null : `${origin}${BATCHES_ROUTE}/${record.id}/results`,
  };
}

/** The results file: one JSON line per request, `succeeded` with the message or why not. */
function resultLines(batch: MockBatch): string {
  const lines = (batch.outcomes ?? []).map((outcome) => {
    if (outcome.kind !== 'answered') return { custom_id: outcome.customId, result: { type: outcome.kind } };
    if (outcome.status === 200) {
      return { custom_id: outcome.customId, result: { type: 'succeeded', message: outcome.body } };
    }
    return { custom_id: outcome.customId, result: { type: 'errored', error: outcome.body } };
  });
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}
