import type { MockFaultOptions } from './create-fault-injector.ts';
import type { MockJuryOptions } from './mock-jury-reply.ts';
import { startMockModelServer } from './mock-model-server.ts';
import type { MockModelServer } from './mock-model-server-options.ts';
import type { MockReply } from './mock-reply.ts';
import type { MockChatRequestBody } from './mock-wire.ts';

export type { MockReply } from './mock-reply.ts';
export type { MockChatRequestBody } from './mock-wire.ts';

/** Options of {@link startMockOpenAiServer}. */
export interface MockOpenAiServerOptions {
  /**
   * Decides the answer to each chat-completions request; `requestIndex` counts chat-completions
   * calls from 0. A string is shorthand for `{ content }`. Default: every request is answered "A".
   */
  reply?: (
    body: MockChatRequestBody,
    requestIndex: number,
  ) => string | MockReply | Promise<string | MockReply>;
  /** Model ids listed by `GET /v1/models` (default `['mock-model']`). */
  models?: readonly string[];
  /**
   * When set, requests without `Authorization: Bearer <requireApiKey>` get the API's 401 error, so
   * tests can check a key is actually sent.
   */
  requireApiKey?: string;
  /** Inject faults into chat-completions calls (see {@link MockFaultOptions}). */
  faults?: MockFaultOptions;
  /** Jury mode: judge prompts get rubric JSON replies (see `MockModelServerOptions.jury`). */
  jury?: MockJuryOptions;
}

/** A running mock OpenAI server: a {@link MockModelServer} serving only the OpenAI wire. */
export type MockOpenAiServer = MockModelServer;

/**
 * Starts a real HTTP server on 127.0.0.1 (a free port) that speaks the OpenAI chat-completions
 * wire protocol: `POST /v1/chat/completions` and `GET /v1/models`. Responses have the API's shape
 * (id, object, created, model, choices with index/message/finish_reason, usage) and honour `n`.
 * It is {@link startMockModelServer} with only the OpenAI wire, and a reply callback that gets the
 * request body rather than the neutral call.
 */
export function startMockOpenAiServer(options: MockOpenAiServerOptions = {}): Promise<MockOpenAiServer> {
  const { reply } = options;
  return startMockModelServer({
    wires: ['openai'],
    reply: reply === undefined ? undefined : (call, index) => reply(call.body, index),
    models: options.models,
    requireApiKey: options.requireApiKey,
    faults: options.faults,
    jury: options.jury,
  });
}
