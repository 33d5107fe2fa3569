import type { Environment } from '@medhelm/core';
import { type DeploymentResolver, type ModelDeployment, resolveModelDeployment } from '@medhelm/engine';
import {
  billingProviderFor,
  type ModelsConfig,
  priceFor,
  resolveDeployment,
  selectApiKeyEnv,
} from '@medhelm/model-config';

/** `--base-url` and `--api-key-env`: they apply to candidate models, never to judges. */
export interface CandidateFlags {
  baseUrl?: string;
  apiKeyEnv?: string;
}

/**
 * A `--models` or `--judges` value (a models-file id, a built-in id, or `provider:model`) as the
 * deployment a run carries: HELM's model names, and the deployment's base URL, key variable,
 * limits and price. `provider:model` takes only its price from model-config (base URL and key
 * from the provider plugin's defaults); `flags`, given for candidates, win over every deployment.
 */
export function resolveModelDeploymentSettings(
  model: string,
  config: ModelsConfig | undefined,
  env: Environment,
  flags: CandidateFlags = {},
): ModelDeployment {
  const resolved = resolveDeployment(
    model,
    config,
    flags.baseUrl === undefined ? {} : { baseUrl: flags.baseUrl },
  );
  // `provider:model` names runs exactly as before; a deployment may name its HELM model.
  const names =
    resolved.helmModel === undefined
      ? resolveModelDeployment(`${resolved.providerId}:${resolved.modelId}`, undefined)
      : resolveModelDeployment(resolved.helmModel, `${resolved.providerId}/${resolved.modelId}`);
  const named = resolved.origin !== 'provider-model';
  const baseUrl = flags.baseUrl ?? (named ? resolved.baseUrl : undefined);
  const apiKeyEnvVar = flags.apiKeyEnv ?? (named ? selectApiKeyEnv(resolved, env) : undefined);
  return {
    ...names,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(apiKeyEnvVar === undefined ? {} : { apiKeyEnvVar }),
    ...(named && resolved.limits !== undefined ? { limits: resolved.limits } : {}),
    ...(resolved.price === undefined ? {} : { price: resolved.price }),
    ...(named && resolved.local === true ? { local: true } : {}),
    ...(named && resolved.trusted === true ? { trusted: true } : {}),
    ...(named && resolved.batch === true ? { batch: true } : {}),
  };
}

/**
 * The resolver for HELM run entries (`model=...,model_deployment=...`): HELM's names; the settings
 * of the models file's deployment with the same provider and model (base URL, key variable,
 * limits, price), if there is one; otherwise the candidate flags and the price from the dated table
 * for the provider that bills the deployment.
 */
export function runEntryDeploymentResolver(
  flags: CandidateFlags,
  config?: ModelsConfig,
  env: Environment = {},
): DeploymentResolver {
  return (model, modelDeployment) => {
    const names = resolveModelDeployment(model, modelDeployment);
    const configured = Object.entries(config?.deployments ?? {}).find(
      ([, deployment]) => deployment.provider === names.providerId && deployment.model === names.modelId,
    );
    if (configured !== undefined) {
      const {
        helmModel: _model,
        helmDeployment: _deployment,
        ...settings
      } = resolveModelDeploymentSettings(configured[0], config, env, flags);
      return { ...settings, ...names };
    }
    const price = priceFor(billingProviderFor(names.providerId, flags.baseUrl), names.modelId);
    return {
      ...names,
      ...(flags.baseUrl === undefined ? {} : { baseUrl: flags.baseUrl }),
      ...(flags.apiKeyEnv === undefined ? {} : { apiKeyEnvVar: flags.apiKeyEnv }),
      ...(price === undefined ? {} : { price }),
    };
  };
}
