import { choiceCount, contentsOfChoices, type WireProtocol, type WireRequestHead } from './mock-wire.ts';
import { chatEmptyBody, chatSuccessBody, normalizeChatBody, validateChatBody } from './openai-wire.ts';

const DEPLOYMENT_ROUTE = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;
const V1_ROUTE = '/openai/v1/chat/completions';

/** Azure's error body: `{ error: { code, message } }`, the code being the status as a string. */
export function azureErrorBody(status: number, message: string): unknown {
  return { error: { code: String(status), message } };
}

function deploymentOf(route: string): string | undefined {
  const match = DEPLOYMENT_ROUTE.exec(route);
  if (match?.[1] === undefined) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Azure OpenAI chat completions: `POST /openai/deployments/{deployment}/chat/completions?api-version=...`
 * (the model is the deployment; without `api-version` the answer is a 404, as Azure's) and the v1
 * route `POST /openai/v1/chat/completions` (model in the body, no version). The key goes in the
 * `api-key` header; 429s carry `retry-after-ms` and `x-ratelimit-remaining-*`.
 */
export const azureWire: WireProtocol = {
  wire: 'azure',
  match: (head: WireRequestHead) => {
    if (head.method !== 'POST') return undefined;
    if (head.route === V1_ROUTE) return '';
    return deploymentOf(head.route);
  },
  checkApiKey: (head, apiKey) =>
    head.headers['api-key'] === apiKey
      ? undefined
      : {
          status: 401,
          body: azureErrorBody(
            401,
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
          ),
        },
  validate: (head, body) => {
    if (head.route !== V1_ROUTE && (head.query['api-version'] ?? '') === '') {
      return { status: 404, body: azureErrorBody(404, 'Resource not found') };
    }
    return validateChatBody(body, head.route === V1_ROUTE, azureErrorBody);
  },
  normalize: (body, pathModel) => normalizeChatBody('azure', body, pathModel),
  answerContents: (call, content) => contentsOfChoices(content, choiceCount(call.n)),
  successBody: (_call, answer) => chatSuccessBody(answer),
  emptyBody: (_call, answer) => chatEmptyBody(answer),
  errorBody: azureErrorBody,
  rateLimitHeaders: (seconds) => ({
    'retry-after-ms': String(Math.round(seconds * 1000)),
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-remaining-tokens': '0',
  }),
  rateLimitBody: (seconds) =>
    azureErrorBody(
      429,
      `Requests to the ChatCompletions_Create Operation under Azure OpenAI API have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after ${seconds} seconds.`,
    ),
};
