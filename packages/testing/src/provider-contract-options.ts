import type { ModelProviderV1, ProviderSettingsV1 } from '@medhelm/core';
import type { MockModelServer } from './mock-model-server-options.ts';
import type { MockWire } from './mock-wire.ts';

/** Provider settings as the contract suite's `settings` callback returns them: `env` is optional. */
export type ProviderContractSettings = Omit<ProviderSettingsV1, 'env'> & {
  env?: ProviderSettingsV1['env'];
};

/** The checks of `describeProviderContract`, by id (for `knownViolations`). */
export type ProviderContractCheck =
  | 'identity'
  | 'request-shape'
  | 'stop-sequences'
  | 'num-completions'
  | 'chat-messages'
  | 'api-key-variable'
  | 'usage'
  | 'finish-reasons'
  | 'rate-limit'
  | 'server-error'
  | 'unavailable'
  | 'bad-request'
  | 'unauthorized'
  | 'malformed-json'
  | 'empty-completion'
  | 'connection-reset'
  | 'timeout'
  | 'abort'
  | 'key-not-in-model'
  | 'connections'
  | 'default-connections';

/** Options of `describeProviderContract`. */
export interface ProviderContractOptions {
  /**
   * Builds the provider under test. The suite calls it with a short `timeoutMs` for the "hang"
   * check (the provider must give up after that long without response headers, with a retryable
   * ModelCallError) and with a long one for every other check.
   */
  createProvider: (options: { timeoutMs: number }) => ModelProviderV1;
  /** The wire the provider speaks. */
  wire: MockWire;
  /** The model id passed to `languageModel`; on Azure the deployment name, on Gemini the path's model. */
  modelId: string;
  /**
   * The settings pointing the provider at the mock server, e.g.
   * `(server) => ({ baseUrl: server.baseUrls.anthropic })`. The suite adds the API key to `env`.
   */
  settings: (server: MockModelServer) => ProviderContractSettings;
  /**
   * The variable the provider reads the key from when the settings name none (e.g.
   * `ANTHROPIC_API_KEY`); the suite then checks that default. Without it the suite sets
   * `apiKeyEnvVar` in the settings (unless `settings` does) and puts the key there.
   */
  apiKeyEnvVar?: string;
  /** Gemini only: accept the key in the documented `?key=` query instead of the `x-goog-api-key` header. */
  allowKeyInQuery?: boolean;
  /** The short timeout of the "hang" check, milliseconds (default 300). */
  timeoutMs?: number;
  /** Name of the suite (default `provider contract (<wire>)`). */
  name?: string;
  /**
   * Checks the provider is known to fail, with the reason. They run as `it.fails`: they pass while
   * the provider still breaks them and fail once it is fixed, so the entry gets removed.
   */
  knownViolations?: Partial<Record<ProviderContractCheck, string>>;
}
