import { afterEach, describe } from 'vitest';
import { describeConnectionChecks } from './provider-contract-connection-checks.ts';
import { describeErrorChecks } from './provider-contract-error-checks.ts';
import { createProviderContractHarness } from './provider-contract-harness.ts';
import type { ProviderContractOptions } from './provider-contract-options.ts';
import { describeRequestChecks } from './provider-contract-request-checks.ts';

export { CONTRACT_REQUEST } from './provider-contract-harness.ts';

/**
 * The vitest suite every model provider package runs against itself, on a real mock server
 * speaking its wire ({@link startMockModelServer}):
 *
 * 1. request shape: the prompt as the single user message (chat messages as given, system prompts
 *    where the wire wants them), max tokens, temperature, stop sequences (left out when empty where
 *    the wire requires it), `n`/`candidateCount`; the API key in the wire's header, from the
 *    variable the settings name, and nowhere else (not in the URL, body or other headers);
 * 2. mapping: texts in choice order, usage from the wire's fields, finish reasons to `stop`/`length`;
 * 3. errors: 429 is a retryable ModelCallError with status 429 and `retry-after` in `headers`;
 *    500 and 503 are retryable; 400 and 401 are not; a malformed JSON 200, a reset connection and a
 *    server that never answers (past the provider's timeout) are retryable; a 200 without choices
 *    is a ModelCallError; an aborted signal rejects promptly;
 * 4. connections: with `settings.connections: 32` and 32 concurrent calls the server holds, all 32
 *    are in flight at once; without it, at most 16 are (the engine sets it to the run's concurrency);
 * 5. the API key appears in no error (message, stack, hint, body, headers, cause chain, inspect),
 *    even when the server echoes it, nor in the model object.
 *
 * Call it at the top level of a test file in the provider package:
 * `describeProviderContract({ createProvider: (o) => createAnthropicProvider(o), wire: 'anthropic',
 * modelId: 'claude-3-5-haiku-20241022', settings: (server) => ({ baseUrl: server.baseUrls.anthropic }),
 * apiKeyEnvVar: 'ANTHROPIC_API_KEY' })`.
 */
export function describeProviderContract(options: ProviderContractOptions): void {
  const harness = createProviderContractHarness(options);
  describe(options.name ?? `provider contract (${options.wire})`, () => {
    afterEach(harness.closeAll);
    describeRequestChecks(harness);
    describeErrorChecks(harness);
    describeConnectionChecks(harness);
  });
}
