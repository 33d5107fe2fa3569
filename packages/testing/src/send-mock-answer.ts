import type { FaultKind } from './create-fault-injector.ts';
import type { MockExchange } from './mock-exchange.ts';
import type { MockReply } from './mock-reply.ts';
import {
  countWords,
  type MockModelCall,
  promptWords,
  type WireAnswer,
  type WireProtocol,
} from './mock-wire.ts';

/** Sends `reply` to model call `index` in the wire's shape: an error, raw bytes, or a completion. */
export function sendMockReply(
  exchange: MockExchange,
  wire: WireProtocol,
  call: MockModelCall,
  index: number,
  reply: MockReply,
): void {
  const status = reply.status ?? 200;
  const headers = reply.headers ?? {};
  if (reply.rawBody !== undefined) {
    exchange.send(status, reply.rawBody, headers);
    return;
  }
  if (status !== 200) {
    exchange.sendJson(
      status,
      reply.body ?? wire.errorBody(status, `Mock error with status ${status}.`),
      headers,
    );
    return;
  }
  exchange.sendJson(200, wire.successBody(call, answerOf(wire, call, index, reply)), headers);
}

/** Sends the injected fault `kind` instead of an answer (or, for a reset or a hang, nothing). */
export function sendMockFault(
  exchange: MockExchange,
  kind: FaultKind,
  wire: WireProtocol,
  call: MockModelCall,
  index: number,
  retryAfterSeconds: number,
): void {
  switch (kind) {
    case 'rate-limit':
      exchange.sendJson(429, wire.rateLimitBody(retryAfterSeconds), {
        'retry-after': String(retryAfterSeconds),
        ...wire.rateLimitHeaders(retryAfterSeconds, Date.now()),
      });
      return;
    case 'server-error':
      exchange.sendJson(500, wire.errorBody(500, 'The server had an error while processing your request.'));
      return;
    case 'unavailable':
      exchange.sendJson(
        503,
        wire.errorBody(503, 'The service is temporarily unavailable. Please try again later.'),
      );
      return;
    case 'connection-reset':
      // A TCP reset rather than a clean close: the client sees ECONNRESET (or "other side closed").
      exchange.incoming.socket.resetAndDestroy();
      return;
    case 'hang':
      // Never answered: the client's timeout ends it, or close() drops the connection.
      return;
    case 'malformed-json': {
      const text = JSON.stringify(wire.successBody(call, answerOf(wire, call, index, {})));
      exchange.send(200, text.slice(0, Math.max(1, Math.floor(text.length / 2))), {});
      return;
    }
    case 'empty-completion':
      exchange.sendJson(200, wire.emptyBody(call, answerOf(wire, call, index, {})));
      return;
  }
}

/** The answer of a successful reply, with the defaults filled in (for a synchronous call or a batch line). */
export function answerOf(
  wire: WireProtocol,
  call: MockModelCall,
  index: number,
  reply: MockReply,
): WireAnswer {
  const contents = wire.answerContents(call, reply.content);
  return {
    contents,
    finishReason: reply.finishReason === undefined ? 'stop' : reply.finishReason,
    usage:
      reply.usage === null
        ? null
        : (reply.usage ?? {
            prompt_tokens: promptWords(call),
            completion_tokens: contents.reduce((total, content) => total + countWords(content ?? ''), 0),
          }),
    model: reply.model ?? call.model,
    index,
  };
}
