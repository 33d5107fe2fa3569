import { azureErrorBody, azureWire } from './azure-wire.ts';
import type { MockServerState } from './handle-mock-request.ts';
import { answerAnthropicBatchRoute } from './mock-anthropic-batch-routes.ts';
import type { MockBatchState } from './mock-batch-state.ts';
import { answerChatBatchRoute, type ChatBatchWire } from './mock-chat-batch-routes.ts';
import type { MockExchange } from './mock-exchange.ts';
import type { WireRequestHead } from './mock-wire.ts';
import { openAiWire, validateChatBody } from './openai-wire.ts';

/** OpenAI's Batch API: `/v1/files`, `/v1/batches`, lines for `/v1/chat/completions` validated as that route validates. */
const openAiBatchWire: ChatBatchWire = {
  protocol: openAiWire,
  root: '/v1',
  lineUrl: '/v1/chat/completions',
  needsApiVersion: false,
  validateBody: (head, body) => openAiWire.validate(head, body),
};

/**
 * Azure OpenAI global batch: `/openai/files` and `/openai/batches` with `api-version`, lines for
 * `/chat/completions` whose body names the deployment as `model` (checked as the synchronous
 * chat-completions validation checks a body that must name its model).
 */
const azureBatchWire: ChatBatchWire = {
  protocol: azureWire,
  root: '/openai',
  lineUrl: '/chat/completions',
  needsApiVersion: true,
  validateBody: (_head, body) => validateChatBody(body, true, azureErrorBody),
};

/** Answers a request to the batch routes of a served wire; false when it is none (then it is a synchronous call). */
export async function answerMockBatchRequest(
  server: MockServerState,
  batches: MockBatchState,
  exchange: MockExchange,
  head: WireRequestHead,
  rawBody: string,
): Promise<boolean> {
  for (const protocol of server.protocols) {
    const answered =
      protocol.wire === 'openai'
        ? await answerChatBatchRoute(server, batches, openAiBatchWire, exchange, head, rawBody)
        : protocol.wire === 'azure'
          ? await answerChatBatchRoute(server, batches, azureBatchWire, exchange, head, rawBody)
          : protocol.wire === 'anthropic'
            ? await answerAnthropicBatchRoute(server, batches, exchange, head, rawBody)
            : false;
    if (answered) return true;
  }
  return false;
}
