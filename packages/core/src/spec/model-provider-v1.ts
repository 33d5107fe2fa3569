import type { GenerationResult } from '../schemas/completion.ts';
import type { GenerationRequest } from '../schemas/request.ts';
import type { SpecificationVersionV1 } from './access-tier.ts';
import type { BatchApiV1 } from './batch-api-v1.ts';

/** How a user points a provider at a deployment. */
export interface ProviderSettingsV1 {
  /** Base URL of the API, e.g. `http://127.0.0.1:8000/v1` for a local vLLM server. */
  baseUrl?: string;
  /** Name of the environment variable that holds the API key (never the key itself). */
  apiKeyEnvVar?: string;
  /**
   * How long one call may take before it fails as a retryable timeout, in milliseconds; overrides
   * the provider's default (the runner's `--timeout`).
   */
  timeoutMs?: number;
  /**
   * The most connections the model may open to its server at once. The engine sets it to the run's
   * effective concurrency, so the connection pool never caps the calls in flight below it.
   */
  connections?: number;
  /** The environment to read keys from; the runner passes `process.env`. */
  env: Readonly<Record<string, string | undefined>>;
}

/** Options of one call. */
export interface GenerateOptionsV1 {
  signal?: AbortSignal;
}

/**
 * A model behind a provider. Benchmarks never call it directly: the engine wraps every call with
 * the request cache, the limiter and retries.
 */
export interface LanguageModelV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly providerId: string;
  readonly modelId: string;
  /**
   * Whatever besides the request decides the answer (base URL, deployment name). It is part of the
   * request cache key, so a different server never answers from another's cache. No secrets here.
   */
  readonly cacheIdentity: Readonly<Record<string, string>>;
  /**
   * Set when no call can be made with the settings the model was created with (a required API key
   * or base URL is missing): what is missing, and how to fix it. The engine checks every deployment
   * of an invocation before the first request and refuses to start, listing each problem, so a
   * missing key is never found instance by instance. `doGenerate` of such a model throws a
   * non-retryable ModelCallError without touching the network.
   */
  readonly unavailable?: { readonly message: string; readonly hint?: string };
  /**
   * The provider's batch API for this model, when it has one (`medhelm run --batch`): the same
   * requests as `doGenerate`, sent in batches at the provider's batch price.
   */
  readonly batch?: BatchApiV1;
  /** Throws ModelCallError on failure, with `isRetryable` set. */
  doGenerate(request: GenerationRequest, options?: GenerateOptionsV1): Promise<GenerationResult>;
  /**
   * Releases what this model holds (an in-process model's context, open sockets). The engine calls
   * it once when the run that created the model ends, however it ends; no call follows it.
   */
  close?(): Promise<void>;
}

/**
 * A model provider: turns a model id into a LanguageModelV1. `M` is the kind of model it makes, for
 * providers whose models offer more (e.g. a required `close`); the engine sees plain LanguageModelV1s.
 */
export interface ModelProviderV1<M extends LanguageModelV1 = LanguageModelV1> {
  readonly specificationVersion: SpecificationVersionV1;
  readonly id: string;
  readonly displayName: string;
  languageModel(modelId: string, settings: ProviderSettingsV1): M;
  /**
   * The provider answers in this process and sends nothing anywhere (e.g. `baseline`, an
   * in-process GGUF model): gated and private data may always reach it.
   */
  readonly inProcess?: boolean;
  /**
   * Releases what the provider shares between its models (e.g. loaded weights). The runner calls it
   * once at the end of an invocation, after every model's `close`.
   */
  close?(): Promise<void>;
}
