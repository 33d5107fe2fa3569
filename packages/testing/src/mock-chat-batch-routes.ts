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
import {
  type MockChatRequestBody,
  objectField,
  type WireError,
  type WireProtocol,
  type WireRequestHead,
} from './mock-wire.ts';

/** Where one chat-completions wire keeps its batch API, and how it checks a line's body. */
export interface ChatBatchWire {
  readonly protocol: WireProtocol;
  /** The prefix of `/files` and `/batches`: OpenAI `/v1`, Azure `/openai`. */
  readonly root: string;
  /** The `url` every line and the batch's `endpoint` must name: `/v1/chat/completions`, Azure `/chat/completions`. */
  readonly lineUrl: string;
  /** Azure answers 404 to a request without `api-version`, as its synchronous route does. */
  readonly needsApiVersion: boolean;
  /** The synchronous endpoint's validation of a body, as a line's body gets it. */
  validateBody(head: WireRequestHead, body: MockChatRequestBody | undefined): WireError | undefined;
}

// The batch object, output lines and error codes follow https://platform.openai.com/docs/api-reference/batch
// (object fields, `batch_expired` and `batch_cancelled` lines) and Azure OpenAI's global batch
// (https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/batch), checked 2026-12-07.

/**
 * Answers the OpenAI-style batch routes of `wire` (`POST {root}/files` multipart with
 * `purpose=batch`, `POST {root}/batches`, `GET {root}/batches/{id}`, `POST {root}/batches/{id}/cancel`,
 * `GET {root}/files/{id}/content`); false when the request is none of them.
 */
export async function answerChatBatchRoute(
  server: MockServerState,
  batches: MockBatchState,
  wire: ChatBatchWire,
  exchange: MockExchange,
  head: WireRequestHead,
  rawBody: string,
): Promise<boolean> {
  const route = matchChatBatchRoute(wire.root, head);
  if (route === undefined) return false;
  const { protocol } = wire;
  exchange.protocol = protocol;
  if (exchange.record !== undefined) exchange.record.wire = protocol.wire;
  const fail = (status: number, message: string) =>
    exchange.sendJson(status, protocol.errorBody(status, message));
  const denied =
    server.options.requireApiKey === undefined
      ? undefined
      : protocol.checkApiKey(head, server.options.requireApiKey);
  if (denied !== undefined) {
    exchange.sendJson(denied.status, denied.body);
    return true;
  }
  if (wire.needsApiVersion && (head.query['api-version'] ?? '') === '') {
    fail(404, 'Resource not found');
    return true;
  }
  const batch = route.id === undefined ? undefined : batches.batches.get(route.id);
  switch (route.kind) {
    case 'upload':
      await uploadFile(batches, exchange, head, rawBody, fail);
      return true;
    case 'content': {
      const file = route.id === undefined ? undefined : batches.files.get(route.id);
      if (file === undefined) fail(404, `No such File object: ${route.id}`);
      else exchange.send(200, file.text, { 'content-type': 'application/octet-stream' });
      return true;
    }
    case 'create':
      createBatch(batches, wire, exchange, head, rawBody, fail);
      return true;
    case 'read':
      if (batch === undefined) fail(404, `No batch found with id '${route.id}'.`);
      else exchange.sendJson(200, batchObject(await pollBatch(server, batches, batch)));
      return true;
    case 'cancel':
      if (batch === undefined) fail(404, `No batch found with id '${route.id}'.`);
      else {
        if (batch.ending === undefined && batch.failure === undefined && !batch.canceling) {
          batch.canceling = true;
          batch.times.cancelling_at = nowSeconds();
          batch.record.status = 'cancelling';
        }
        exchange.sendJson(200, batchObject(batch));
      }
      return true;
  }
}

type ChatBatchRoute = { kind: 'upload' | 'create' } | { kind: 'content' | 'read' | 'cancel'; id: string };

function matchChatBatchRoute(
  root: string,
  head: WireRequestHead,
): (ChatBatchRoute & { id?: string }) | undefined {
  if (!head.route.startsWith(`${root}/`)) return undefined;
  const parts = head.route
    .slice(root.length + 1)
    .split('/')
    .map(decodeURIComponent);
  const [collection, id, action] = parts;
  if (head.method === 'POST' && parts.length === 1 && collection === 'files') return { kind: 'upload' };
  if (head.method === 'POST' && parts.length === 1 && collection === 'batches') return { kind: 'create' };
  if (id === undefined || id === '') return undefined;
  if (head.method === 'GET' && parts.length === 3 && collection === 'files' && action === 'content') {
    return { kind: 'content', id };
  }
  if (head.method === 'GET' && parts.length === 2 && collection === 'batches') return { kind: 'read', id };
  if (head.method === 'POST' && parts.length === 3 && collection === 'batches' && action === 'cancel') {
    return { kind: 'cancel', id };
  }
  return undefined;
}

/** `POST /files`: a multipart form with `purpose` and `file`, answered with the file object. */
async function uploadFile(
  batches: MockBatchState,
  exchange: MockExchange,
  head: WireRequestHead,
  rawBody: string,
  fail: (status: number, message: string) => void,
): Promise<void> {
  let form: FormData;
  try {
    form = await new Response(rawBody, {
      headers: { 'content-type': head.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    fail(400, 'The request must be a multipart/form-data upload with a file and a purpose.');
    return;
  }
  const file = form.get('file');
  const purpose = form.get('purpose');
  if (purpose !== 'batch' || file === null || typeof file === 'string') {
    fail(400, "A batch input file needs purpose 'batch' and a file.");
    return;
  }
  const text = await file.text();
  const id = `file-mock${++batches.sequence}`;
  const object = {
    id,
    object: 'file',
    bytes: Buffer.byteLength(text),
    created_at: nowSeconds(),
    filename: file.name,
    purpose: 'batch',
    status: 'processed',
    status_details: null,
  };
  batches.files.set(id, { text, object });
  exchange.sendJson(200, object);
}

/** `POST /batches`: checks the request and the file's lines, and creates a batch in `validating`. */
function createBatch(
  batches: MockBatchState,
  wire: ChatBatchWire,
  exchange: MockExchange,
  head: WireRequestHead,
  rawBody: string,
  fail: (status: number, message: string) => void,
): void {
  const request = parseObject(rawBody);
  const inputFileId = request?.input_file_id;
  const file = typeof inputFileId === 'string' ? batches.files.get(inputFileId) : undefined;
  if (request === undefined || file === undefined) {
    fail(400, `Invalid 'input_file_id': ${JSON.stringify(inputFileId ?? null)}.`);
    return;
  }
  if (request.endpoint !== wire.lineUrl) {
    fail(400, `Invalid 'endpoint': expected '${wire.lineUrl}'.`);
    return;
  }
  if (request.completion_window !== '24h') {
    fail(400, "Invalid 'completion_window': only '24h' is supported.");
    return;
  }
  const { lines, problem } = readLines(file.text, wire, head);
  const failure = batches.options.failValidation ?? problem;
  const now = nowSeconds();
  const metadata = objectField(request.metadata) ?? null;
  const label = typeof metadata?.medhelm_label === 'string' ? metadata.medhelm_label : undefined;
  const record: MockBatchRecord = {
    id: `batch_mock${++batches.sequence}`,
    wire: wire.protocol.wire,
    lineCount: lines.length,
    status: 'validating',
    order: batches.records.length,
    label,
    polls: 0,
  };
  const batch: MockBatch = {
    record,
    protocol: wire.protocol,
    lines,
    failure,
    canceling: false,
    outcomes: undefined,
    ending: undefined,
    times: { created_at: now, expires_at: now + 24 * 60 * 60 },
    extra: { endpoint: wire.lineUrl, input_file_id: inputFileId, metadata },
  };
  batches.batches.set(record.id, batch);
  batches.records.push(record);
  exchange.sendJson(200, batchObject(batch));
}

/**
 * The lines of an input file, or the first problem that fails the whole batch (a line that is not
 * JSON, lacks a custom id, repeats one, or names another method or URL). A body the synchronous
 * endpoint would reject is no such problem: that line alone is answered with the rejection.
 */
function readLines(
  text: string,
  wire: ChatBatchWire,
  head: WireRequestHead,
): { lines: MockBatchLine[]; problem: string | undefined } {
  const lines: MockBatchLine[] = [];
  const seen = new Set<string>();
  for (const [position, raw] of text.split('\n').entries()) {
    if (raw.trim() === '') continue;
    const line = parseObject(raw);
    const at = `line ${position + 1}`;
    const customId = line?.custom_id;
    if (line === undefined || typeof customId !== 'string' || customId === '') {
      return { lines, problem: `${at}: each line must be a JSON object with a custom_id` };
    }
    if (seen.has(customId)) return { lines, problem: `${at}: the custom_id '${customId}' is used twice` };
    seen.add(customId);
    if (line.method !== 'POST' || line.url !== wire.lineUrl) {
      return { lines, problem: `${at}: the method must be POST and the url '${wire.lineUrl}'` };
    }
    const body = objectField(line.body) as MockChatRequestBody | undefined;
    const rejection = wire.validateBody(head, body);
    lines.push({ customId, body: body ?? {}, rejection });
  }
  return { lines, problem: lines.length === 0 ? 'the input file has no requests' : undefined };
}

/**
 * Moves a batch on at a status read: a batch failing validation fails; a canceling one is
 * cancelled (its lines `batch_cancelled`); one with `inProgressPolls` left is `in_progress`;
 * otherwise it is answered and ends `completed` (or `expired` when lines expire).
 */
async function pollBatch(
  server: MockServerState,
  batches: MockBatchState,
  batch: MockBatch,
): Promise<MockBatch> {
  const { record, times } = batch;
  const polls = record.polls++;
  if (batch.ending !== undefined) {
    await batch.ending;
    return batch;
  }
  if (record.status === 'failed') return batch;
  const now = nowSeconds();
  if (batch.failure !== undefined) {
    times.failed_at = now;
    record.status = 'failed';
    return batch;
  }
  if (!batch.canceling && polls < (batches.options.inProgressPolls ?? 0)) {
    times.in_progress_at ??= now;
    record.status = 'in_progress';
    return batch;
  }
  batch.ending ??= finishBatch(server, batches, batch, now);
  await batch.ending;
  return batch;
}

/** Answers the lines of a batch that ends now and writes its files (once, however many reads wait on it). */
async function finishBatch(
  server: MockServerState,
  batches: MockBatchState,
  batch: MockBatch,
  now: number,
): Promise<void> {
  const { record, times } = batch;
  const canceled = batch.canceling;
  times.in_progress_at ??= now;
  times.finalizing_at = now;
  const outcomes = await endMockBatch(server, batches, batch);
  writeResultFiles(batches, batch);
  const expired = outcomes.some((outcome) => outcome.kind === 'expired');
  record.status = canceled ? 'cancelled' : expired ? 'expired' : 'completed';
  times[canceled ? 'cancelled_at' : expired ? 'expired_at' : 'completed_at'] = nowSeconds();
}

/** The output file (200 answers) and error file (other statuses, expired and canceled lines) of an ended batch. */
function writeResultFiles(batches: MockBatchState, batch: MockBatch): void {
  const output: string[] = [];
  const errors: string[] = [];
  for (const outcome of batch.outcomes ?? []) {
    const id = `batch_req_mock${++batches.sequence}`;
    if (outcome.kind === 'answered') {
      const line = JSON.stringify({
        id,
        custom_id: outcome.customId,
        response: {
          status_code: outcome.status,
          request_id: `req_mock${batches.sequence}`,
          body: outcome.body,
        },
        error: null,
      });
      (outcome.status === 200 ? output : errors).push(line);
    } else {
      const error =
        outcome.kind === 'expired'
          ? {
              code: 'batch_expired',
              message: 'This request could not be executed before the completion window expired.',
            }
          : {
              code: 'batch_cancelled',
              message: 'This request was not executed because the batch was cancelled.',
            };
      errors.push(JSON.stringify({ id, custom_id: outcome.customId, response: null, error }));
    }
  }
  for (const [field, lines] of [
    ['output_file_id', output],
    ['error_file_id', errors],
  ] as const) {
    if (lines.length === 0) continue;
    const fileId = `file-mock${++batches.sequence}`;
    const text = `${lines.join('\n')}\n`;
    batches.files.set(fileId, {
      text,
      object: { id: fileId, object: 'file', bytes: Buffer.byteLength(text), purpose: 'batch_output' },
    });
    batch.extra[field] = fileId;
  }
}

/** The batch object as OpenAI documents it, every field present (`null` when not reached). */
function batchObject(batch: MockBatch): Record<string, unknown> {
  const { record, times, extra } = batch;
  const outcomes = batch.outcomes ?? [];
  const completed = outcomes.filter(
    (outcome) => outcome.kind === 'answered' && outcome.status === 200,
  ).length;
  const time = (field: string) => times[field] ?? null;
  return {
    id: record.id,
    object: 'batch',
    endpoint: extra.endpoint,
    errors:
      record.status === 'failed'
        ? {
            object: 'list',
            data: [{ code: 'invalid_request', message: batch.failure, param: null, line: null }],
          }
        : null,
    input_file_id: extra.input_file_id,
    completion_window: '24h',
    status: record.status,
    output_file_id: extra.output_file_id ?? null,
    error_file_id: extra.error_file_id ?? null,
    created_at: time('created_at'),
    in_progress_at: time('in_progress_at'),
    expires_at: time('expires_at'),
    finalizing_at: time('finalizing_at'),
    completed_at: time('completed_at'),
    failed_at: time('failed_at'),
    expired_at: time('expired_at'),
    cancelling_at: time('cancelling_at'),
    cancelled_at: time('cancelled_at'),
    request_counts: {
      total: record.lineCount,
      completed,
      failed: outcomes.length - completed,
    },
    metadata: extra.metadata ?? null,
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return objectField(JSON.parse(text));
  } catch {
    return undefined;
  }
}
