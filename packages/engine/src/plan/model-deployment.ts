import { ConfigError } from '@medhelm/core';
import type { DeploymentLimits, ResolvedPrice } from '@medhelm/model-config';

/** A model as a run uses it: which provider serves it, and the names HELM writes. */
export interface ModelDeployment {
  /** Registry id of the provider, e.g. `openai-compatible`. */
  providerId: string;
  /** The provider's model id, e.g. `meta-llama/Llama-3.1-8B-Instruct`. */
  modelId: string;
  /** HELM's model name (`adapter_spec.model`), `<org>/<name>`. */
  helmModel: string;
  /** HELM's model deployment name (`adapter_spec.model_deployment`): `<provider>/<model id>`. */
  helmDeployment: string;
  /** Where the provider API is, from the models file or a built-in deployment (`--base-url` wins). */
  baseUrl?: string;
  /** The variable holding the API key, from the deployment (`--api-key-env` wins). */
  apiKeyEnvVar?: string;
  /** Request limits for this deployment's runs (`--concurrency` wins over `limits.concurrency`). */
  limits?: DeploymentLimits;
  /** The price its token usage is billed at; undefined: unknown (cost reported as unknown, never $0). */
  price?: ResolvedPrice;
  /** Marked `local: true` in the models file: the user's own infrastructure. */
  local?: boolean;
  /** Marked `trusted: true` in the models file: a hosted service the user's data agreements allow. */
  trusted?: boolean;
  /**
   * Calls go through the provider's batch API (`--batch`, or `batch: true` in the models file):
   * answered within the provider's window at its batch price.
   */
  batch?: boolean;
}

/**
 * Resolves the `model` / `model_deployment` values of a run entry. Accepted forms:
 * `model=<provider>:<model id>` (our short form, also what `--models` takes), or HELM's
 * `model=<org>/<name>,model_deployment=<provider>/<model id>`.
 */
export function resolveModelDeployment(
  model: string | undefined,
  deployment: string | undefined,
): ModelDeployment {
  if (deployment !== undefined) {
    const slash = deployment.indexOf('/');
    if (slash <= 0 || slash === deployment.length - 1) {
      throw new ConfigError(`model_deployment "${deployment}" must be <provider>/<model id>.`, {
        hint: 'For example model_deployment=openai-compatible/meta-llama/Llama-3.1-8B-Instruct.',
      });
    }
    const providerId = deployment.slice(0, slash);
    const modelId = deployment.slice(slash + 1);
    const helmModel = model === undefined ? helmModelName(providerId, modelId) : model;
    if (helmModel.includes(':')) {
      throw new ConfigError(
        `model "${helmModel}" must be a HELM model name (<org>/<name>) when model_deployment is given.`,
      );
    }
    return { providerId, modelId, helmModel, helmDeployment: deployment };
  }
  if (model === undefined) {
    throw new ConfigError('No model given.', {
      hint: 'Pass --models <provider>:<model>, e.g. --models baseline:first-option or --models openai-compatible:gpt-4o.',
    });
  }
  const colon = model.indexOf(':');
  if (colon <= 0 || colon === model.length - 1) {
    throw new ConfigError(`Cannot tell which provider serves model "${model}".`, {
      hint: `Write it as <provider>:<model> (e.g. openai-compatible:${model}), or add model_deployment=<provider>/${model}.`,
    });
  }
  const providerId = model.slice(0, colon);
  const modelId = model.slice(colon + 1);
  return {
    providerId,
    modelId,
    helmModel: helmModelName(providerId, modelId),
    helmDeployment: `${providerId}/${modelId}`,
  };
}

/** HELM model names have an organization: use the model id's own, else the provider's id. */
function helmModelName(providerId: string, modelId: string): string {
  return modelId.includes('/') ? modelId : `${providerId}/${modelId}`;
}

/**
 * What makes two deployments the same endpoint for rate limits and connections: provider, model,
 * base URL and key variable (never the key). Calls to one identity share one limiter and one model.
 */
export function deploymentIdentity(deployment: ModelDeployment): string {
  return [
    deployment.providerId,
    deployment.modelId,
    deployment.baseUrl ?? '',
    deployment.apiKeyEnvVar ?? '',
  ].join('\u0000');
}
