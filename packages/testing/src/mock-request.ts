import type { FaultKind } from './create-fault-injector.ts';
import type { MockChatRequestBody, MockModelCall, MockWire } from './mock-wire.ts';

/** The response the mock sent to one request. */
export interface MockResponseRecord {
  status: number;
  /** Response headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** The body as sent. */
  body: string;
  /** When it was sent, epoch milliseconds. */
  sentAt: number;
}

/** One request the mock received, in arrival order. */
export interface MockRequest {
  method: string;
  /** Path with query string, e.g. `/v1/chat/completions` or `/openai/deployments/d/chat/completions?api-version=1`. */
  path: string;
  /** Path without the query string. */
  route: string;
  /** Query parameters (the last value of repeated ones). */
  query: Readonly<Record<string, string>>;
  /** Request headers, lower-case names; credentials are kept so tests can assert on them. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body; `undefined` when there was no body or it was not a JSON object. */
  body: MockChatRequestBody | undefined;
  /** The body exactly as received. */
  rawBody: string;
  /** The client's port: equal across requests when the client reused a keep-alive connection. */
  remotePort: number | undefined;
  /** When the request arrived, epoch milliseconds. */
  receivedAt: number;
  /** The wire whose route the request matched. */
  wire: MockWire | undefined;
  /** The model-call index (the reply callback's `index`); undefined for listings, unknown paths and rejected requests. */
  callIndex: number | undefined;
  /** The neutral view of the call, for model calls. */
  call: MockModelCall | undefined;
  /** The fault injected instead of the answer, if any. */
  fault: FaultKind | undefined;
  /** The response sent; undefined while pending and for `connection-reset` and `hang` faults. */
  response: MockResponseRecord | undefined;
}
