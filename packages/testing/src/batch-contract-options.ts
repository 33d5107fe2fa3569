import type { ModelProviderV1 } from '@medhelm/core';
import type { MockModelServer } from './mock-model-server-options.ts';
import type { ProviderContractSettings } from './provider-contract-options.ts';

/** Options of `describeBatchContract`. */
export interface BatchContractOptions {
  /** Builds the provider under test; its models must have a `batch`. */
  createProvider: () => ModelProviderV1;
  /** The wire whose batch API the provider speaks. */
  wire: 'openai' | 'azure' | 'anthropic';
  /** The model id passed to `languageModel` (on Azure the deployment name, which the lines name as `model`). */
  modelId: string;
  /** The settings pointing the provider at the mock server; the suite adds the key to `env`. */
  settings: (server: MockModelServer) => ProviderContractSettings;
  /** The variable the provider reads its key from when the settings name none (e.g. `OPENAI_API_KEY`). */
  apiKeyEnvVar: string;
  /** Name of the suite (default `batch contract (<wire>)`). */
  name?: string;
}
