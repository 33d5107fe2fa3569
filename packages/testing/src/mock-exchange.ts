import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockRequest } from './mock-request.ts';
import type { WireProtocol } from './mock-wire.ts';

type Headers = Readonly<Record<string, string>>;

/** One request of the mock model server and its response: what was received, and how to answer. */
export interface MockExchange {
  readonly incoming: IncomingMessage;
  readonly response: ServerResponse;
  /** The request as recorded, once its body is read; its `response` is filled in when sent. */
  record: MockRequest | undefined;
  /** The wire whose route the request matched, once matched. */
  protocol: WireProtocol | undefined;
  /** Sends `text` with `status`; `content-type: application/json` unless `headers` say otherwise. */
  send(status: number, text: string, headers: Headers): void;
  /** Sends `value` as JSON (a string as it is). */
  sendJson(status: number, value: unknown, headers?: Headers): void;
}

/** The exchange of one request; every response it sends is recorded on its request. */
export function createMockExchange(incoming: IncomingMessage, response: ServerResponse): MockExchange {
  const exchange: MockExchange = {
    incoming,
    response,
    record: undefined,
    protocol: undefined,
    send(status, text, headers) {
      const sentHeaders = lowerCaseKeys({ 'content-type': 'application/json', ...headers });
      if (exchange.record !== undefined)
        exchange.record.response = { status, headers: sentHeaders, body: text, sentAt: Date.now() };
      response.writeHead(status, { ...sentHeaders, 'content-length': String(Buffer.byteLength(text)) });
      response.end(text);
    },
    sendJson(status, value, headers = {}) {
      exchange.send(status, typeof value === 'string' ? value : JSON.stringify(value), headers);
    },
  };
  return exchange;
}

function lowerCaseKeys(headers: Headers): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}
