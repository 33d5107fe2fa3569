import {
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  type ProviderSettingsV1,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { expect, it } from 'vitest';
import type { MockFaultOptions } from './create-fault-injector.ts';
import { startMockModelServer } from './mock-model-server.ts';
import type { MockModelServer, MockModelServerOptions } from './mock-model-server-options.ts';
import { CONTRACT_API_KEY, checkWireRequest } from './provider-contract-checks.ts';
import type { ProviderContractCheck, ProviderContractOptions } from './provider-contract-options.ts';
import { ProviderContractViolation } from './provider-contract-violation.ts';

// A long timeout for every check but "hang": slow CI machines must not turn into timeouts.
export const LONG_TIMEOUT_MS = 60_000;
export const SUITE_KEY_VARIABLE = 'MEDHELM_CONTRACT_API_KEY';
export const OTHER_KEY_VARIABLE = 'MEDHELM_CONTRACT_OTHER_API_KEY';
export const OTHER_KEY = 'sk-medhelm-contract-other-93d1a0c5e7';
// ProviderSettingsV1.connections: the engine sets it to the run's concurrency; 16 without it.
export const WIDE_POOL = 32;
export const DEFAULT_POOL = 16;
// How long the server holds a request that waits for others to arrive: long enough for a wide
// pool's sockets all to connect on a slow machine. The default-pool check only bounds the most in
// flight, which holding shorter cannot raise, so it holds briefly and stays quick.
export const WIDE_POOL_HOLD_MS = 5000;
export const DEFAULT_POOL_HOLD_MS = 300;

/** The text-prompt request the suite sends: a HELM multiple-choice prompt asking for one token. */
export const CONTRACT_REQUEST: GenerationRequest = {
  prompt: 'Question: Is aspirin a nonsteroidal anti-inflammatory drug?\nA. yes\nB. no\nAnswer:',
  temperature: 0,
  maxTokens: 7,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

/** A mock server and the provider's model pointed at it. */
export interface ContractSetup {
  server: MockModelServer;
  model: LanguageModelV1;
}

/** How `setup` builds the model: its timeout, and settings other than the suite's. */
export interface ContractModelOptions {
  timeoutMs?: number;
  settings?: (server: MockModelServer) => ProviderSettingsV1;
}

/** What the contract checks share: the options, mock servers and models to set up, and the helpers. */
export interface ProviderContractHarness {
  options: ProviderContractOptions;
  wire: ProviderContractOptions['wire'];
  modelId: string;
  /** The short timeout of the "hang" check, milliseconds. */
  shortTimeoutMs: number;
  setup(
    serverOptions?: Omit<MockModelServerOptions, 'wires'>,
    modelOptions?: ContractModelOptions,
  ): Promise<ContractSetup>;
  /** The suite's settings for `server`, with the API key in `env`. */
  contractSettings(server: MockModelServer): ProviderSettingsV1;
  /** Server options that inject `kind` into every call. */
  faulted(kind: MockFaultOptions['kinds'], extra?: Partial<MockFaultOptions>): { faults: MockFaultOptions };
  mostInFlight(connections: number | undefined, release: number, holdMs: number): Promise<number>;
  failure(promise: Promise<GenerationResult>, server: MockModelServer): Promise<unknown>;
  generateAndCheck(
    server: MockModelServer,
    model: LanguageModelV1,
    request: GenerationRequest,
  ): Promise<GenerationResult>;
  /** Registers a check, as `it.fails` when `knownViolations` names it. */
  check(id: ProviderContractCheck, title: string, test: () => Promise<void> | void): void;
  /** Closes every model and server set up since the last call. */
  closeAll(): Promise<void>;
}

/**
 * The servers and models of one contract suite (closed by `closeAll` after each check), and the
 * helpers its checks call: `setup` a server and model, expect a `failure`, `generateAndCheck` the
 * request on the wire, measure `mostInFlight`, and register a `check` (as `it.fails` when known broken).
 */
export function createProviderContractHarness(options: ProviderContractOptions): ProviderContractHarness {
  const { wire, modelId } = options;
  const shortTimeoutMs = options.timeoutMs ?? 300;
  const servers: MockModelServer[] = [];
  const models: LanguageModelV1[] = [];

  async function setup(
    serverOptions: Omit<MockModelServerOptions, 'wires'> = {},
    modelOptions: ContractModelOptions = {},
  ): Promise<ContractSetup> {
    const server = await startMockModelServer({ ...serverOptions, wires: [wire] });
    servers.push(server);
    const provider = options.createProvider({ timeoutMs: modelOptions.timeoutMs ?? LONG_TIMEOUT_MS });
    const settings = (modelOptions.settings ?? contractSettings)(server);
    const model = provider.languageModel(modelId, settings);
    models.push(model);
    return { server, model };
  }

  function contractSettings(server: MockModelServer): ProviderSettingsV1 {
    const given = options.settings(server);
    const apiKeyEnvVar =
      given.apiKeyEnvVar ?? (options.apiKeyEnvVar === undefined ? SUITE_KEY_VARIABLE : undefined);
    const keyVariable = apiKeyEnvVar ?? options.apiKeyEnvVar ?? SUITE_KEY_VARIABLE;
    return { ...given, apiKeyEnvVar, env: { ...given.env, [keyVariable]: CONTRACT_API_KEY } };
  }

  function faulted(kind: MockFaultOptions['kinds'], extra: Partial<MockFaultOptions> = {}) {
    return { faults: { rate: 1, kinds: kind, ...extra } };
  }

  /**
   * Makes WIDE_POOL concurrent calls with `settings.connections` set to `connections` (or left out)
   * and returns the most requests the server held at once. The server holds each request until
   * `release` requests are in flight (then all of them answer) or `holdMs` has passed, so a pool of
   * N sockets shows as N requests in flight.
   */
  async function mostInFlight(
    connections: number | undefined,
    release: number,
    holdMs: number,
  ): Promise<number> {
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    const { server, model } = await setup(
      {
        reply: async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, holdMs);
            held.push(() => {
              clearTimeout(timer);
              resolve();
            });
            if (inFlight >= release) for (const answer of held.splice(0)) answer();
          });
          inFlight--;
          return 'A';
        },
      },
      { settings: (mock) => ({ ...contractSettings(mock), connections }) },
    );
    const results = await Promise.all(
      Array.from({ length: WIDE_POOL }, () => model.doGenerate(CONTRACT_REQUEST)),
    );
    expect(results.map((result) => result.completions[0]?.text)).toEqual(Array(WIDE_POOL).fill('A'));
    expect(server.requests).toHaveLength(WIDE_POOL);
    return most;
  }

  async function failure(promise: Promise<GenerationResult>, server: MockModelServer): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    const attempts = server.requests.length;
    throw new ProviderContractViolation(
      `the call succeeded, but the contract expects it to fail${
        attempts > 1
          ? ` (the server got ${attempts} requests: a provider must not retry by itself; the engine retries)`
          : ''
      }`,
    );
  }

  // Checks the request even when the call failed (the mock rejects what the API would), so the
  // failure names what was wrong with the request rather than only the status it got.
  async function generateAndCheck(
    server: MockModelServer,
    model: LanguageModelV1,
    request: GenerationRequest,
  ): Promise<GenerationResult> {
    const outcome = await model.doGenerate(request).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    checkWireRequest(server.requests[0], {
      wire,
      modelId,
      request,
      apiKey: CONTRACT_API_KEY,
      allowKeyInQuery: options.allowKeyInQuery,
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }

  const check = (id: ProviderContractCheck, title: string, test: () => Promise<void> | void): void => {
    const reason = options.knownViolations?.[id];
    if (reason === undefined) it(`${title} [${id}]`, test);
    else it.fails(`${title} [${id}; known violation: ${reason}]`, test);
  };

  async function closeAll(): Promise<void> {
    await Promise.all(
      models.splice(0).map(async (model) => {
        const close = (model as { close?: unknown }).close;
        if (typeof close === 'function') await (close as () => Promise<void>).call(model);
      }),
    );
    await Promise.all(servers.splice(0).map((server) => server.close()));
  }

  return {
    options,
    wire,
    modelId,
    shortTimeoutMs,
    setup,
    contractSettings,
    faulted,
    mostInFlight,
    failure,
    generateAndCheck,
    check,
    closeAll,
  };
}
