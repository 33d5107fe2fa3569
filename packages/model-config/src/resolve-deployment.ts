import { ConfigError, closestId } from '@medhelm/core';
import { BUILTIN_DEPLOYMENTS } from './builtin-deployments.ts';
import type { DeploymentConfig, DeploymentLimits, ModelsConfig } from './models-file-schema.ts';
import { type PriceForOptions, priceFor, type ResolvedPrice } from './price-for.ts';
import type { PriceTable } from './price-table.ts';
import { isKnownProviderId, PROVIDER_DEFAULTS } from './provider-defaults.ts';

/** A deployment with everything a run needs to call the model and bill for it. */
export interface ResolvedDeployment {
  /** What was asked for: a deployment id or `provider:model`. */
  id: string;
  /** Where the settings came from. */
  origin: 'models-file' | 'builtin' | 'provider-model';
  /** Provider registry id, e.g. `openai`. */
  providerId: string;
  /** The provider's model id, e.g. `gpt-4o-2024-08-06`. */
  modelId: string;
  /** HELM model name for run names, when the deployment names one. */
  helmModel?: string;
  /** Where the provider API is, when the deployment says (else the provider's default). */
  baseUrl?: string;
  /** The environment variable holding the key (the first of the deployment's list). */
  apiKeyEnv?: string;
  /** Further variables to try, in order, when `apiKeyEnv` is not set (e.g. GOOGLE_API_KEY). */
  apiKeyEnvFallbacks?: string[];
  /** The provider's default limits, overridden field by field by the deployment's. */
  limits?: DeploymentLimits;
  /** The price to bill with; undefined: unknown (report the cost as unknown, never as $0). */
  price?: ResolvedPrice;
  /** Marked in the models file as running on the user's own infrastructure. */
  local?: boolean;
  /** Marked in the models file as a hosted service the user's data agreements allow. */
  trusted?: boolean;
  /** Marked `batch: true` in the models file: its calls go through the provider's batch API. */
  batch?: boolean;
}

/** Options of `resolveDeployment`. */
export interface ResolveDeploymentOptions {
  /** The price table; default: the bundled one. */
  table?: PriceTable;
  /** Base URL given separately (e.g. `--base-url`), used for the `provider:model` form. */
  baseUrl?: string;
  /** Built-in deployments; default `BUILTIN_DEPLOYMENTS` (pass `{}` to use only the file). */
  builtins?: Readonly<Record<string, Readonly<DeploymentConfig>>>;
}

/**
 * Resolves what a user passed to `--models`: a deployment id from the models file (`config`),
 * else a built-in one (`BUILTIN_DEPLOYMENTS`), else the `provider:model` form
 * (`openai:gpt-4o-2024-08-06`). Unknown ids fail with a `ConfigError` listing the known ones.
 *
 * The price is the deployment's own `price`, else the table's entry for the billing provider and
 * the model id (see `billingProviderFor`), else undefined.
 */
export function resolveDeployment(
  idOrProviderModel: string,
  config?: ModelsConfig,
  options: ResolveDeploymentOptions = {},
): ResolvedDeployment {
  const builtins = options.builtins ?? BUILTIN_DEPLOYMENTS;
  const fromFile = Object.hasOwn(config?.deployments ?? {}, idOrProviderModel)
    ? config?.deployments[idOrProviderModel]
    : undefined;
  const builtin = Object.hasOwn(builtins, idOrProviderModel) ? builtins[idOrProviderModel] : undefined;
  const deployment = fromFile ?? builtin;
  if (deployment !== undefined) {
    return fromDeployment(
      idOrProviderModel,
      fromFile === undefined ? 'builtin' : 'models-file',
      deployment,
      options,
    );
  }
  const colon = idOrProviderModel.indexOf(':');
  if (colon > 0 && colon < idOrProviderModel.length - 1) {
    return fromDeployment(
      idOrProviderModel,
      'provider-model',
      {
        provider: idOrProviderModel.slice(0, colon),
        model: idOrProviderModel.slice(colon + 1),
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      },
      options,
    );
  }
  const known = knownDeploymentIds(config, builtins);
  const near =
    idOrProviderModel === 'baseline' ? 'baseline:first-option' : closestId(idOrProviderModel, known);
  const suggestion = near === undefined ? '' : ` Did you mean "${near}"?`;
  throw new ConfigError(`Unknown model "${idOrProviderModel}".${suggestion}`, {
    hint: `Known deployment ids: ${known.join(', ')}. Or write <provider>:<model id>, e.g. openai:gpt-4o-2024-08-06, or add "${idOrProviderModel}" to your models file.`,
  });
}

/** Every deployment id `resolveDeployment` accepts besides `provider:model`, sorted. */
export function knownDeploymentIds(
  config?: ModelsConfig,
  builtins: Readonly<Record<string, unknown>> = BUILTIN_DEPLOYMENTS,
): string[] {
  return [...new Set([...Object.keys(config?.deployments ?? {}), ...Object.keys(builtins)])].sort();
}

/**
 * The provider whose price list applies: an `openai-compatible` deployment that talks to
 * api.openai.com is billed by OpenAI, and so is one with no base URL (which cannot run: the engine
 * refuses it before any request; `--estimate` prices it as OpenAI's); any other deployment by its
 * own provider.
 */
export function billingProviderFor(providerId: string, baseUrl?: string): string {
  if (providerId !== 'openai-compatible') return providerId;
  if (baseUrl === undefined) return 'openai';
  try {
    return new URL(baseUrl).hostname === 'api.openai.com' ? 'openai' : providerId;
  } catch {
    return providerId;
  }
}

/**
 * The variable to read the key from: the first of `apiKeyEnv`, `...apiKeyEnvFallbacks` that is set
 * (non-empty) in `env`, else `apiKeyEnv` (so the error can name it), else undefined.
 */
export function selectApiKeyEnv(
  deployment: Pick<ResolvedDeployment, 'apiKeyEnv' | 'apiKeyEnvFallbacks'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const names = [
    ...(deployment.apiKeyEnv === undefined ? [] : [deployment.apiKeyEnv]),
    ...(deployment.apiKeyEnvFallbacks ?? []),
  ];
  return names.find((name) => (env[name] ?? '') !== '') ?? deployment.apiKeyEnv;
}

function fromDeployment(
  id: string,
  origin: ResolvedDeployment['origin'],
  deployment: Readonly<DeploymentConfig>,
  options: ResolveDeploymentOptions,
): ResolvedDeployment {
  const defaults = isKnownProviderId(deployment.provider)
    ? PROVIDER_DEFAULTS[deployment.provider]
    : undefined;
  const keyNames =
    deployment.apiKeyEnv === undefined
      ? [...(defaults?.apiKeyEnv ?? [])]
      : typeof deployment.apiKeyEnv === 'string'
        ? [deployment.apiKeyEnv]
        : [...deployment.apiKeyEnv];
  const limits = { ...defaults?.limits, ...deployment.limits };
  const billingProvider = billingProviderFor(deployment.provider, deployment.baseUrl);
  const lookup: PriceForOptions = options.table === undefined ? {} : { table: options.table };
  if (deployment.price !== undefined) {
    lookup.overrides = { [`${billingProvider}:${deployment.model}`]: deployment.price };
  }
  const price = priceFor(billingProvider, deployment.model, lookup);
  const resolved: ResolvedDeployment = {
    id,
    origin,
    providerId: deployment.provider,
    modelId: deployment.model,
  };
  if (deployment.helmModel !== undefined) resolved.helmModel = deployment.helmModel;
  if (deployment.baseUrl !== undefined) resolved.baseUrl = deployment.baseUrl;
  const [first, ...rest] = keyNames;
  if (first !== undefined) resolved.apiKeyEnv = first;
  if (rest.length > 0) resolved.apiKeyEnvFallbacks = rest;
  if (Object.keys(limits).length > 0) resolved.limits = limits;
  if (price !== undefined) resolved.price = price;
  if (deployment.local === true) resolved.local = true;
  if (deployment.trusted === true) resolved.trusted = true;
  if (deployment.batch === true) resolved.batch = true;
  return resolved;
}
