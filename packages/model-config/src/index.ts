// The contract of @medhelm/model-config: what plugins, apps and users import. A name marked @public
// is documented in the README but imported nowhere in this repository (knip reports any other
// unused export).
export {
  /** @public */ BUILTIN_DEPLOYMENTS,
  /** @public */ MEDHELM_JURY_DEPLOYMENTS,
} from './builtin-deployments.ts';
export {
  costInPicoUsd,
  /** @public */ costOf,
  /** @public */ type Rates,
  usdFromPicoUsd,
} from './cost-of.ts';
export { loadModelsFile } from './load-models-file.ts';
export {
  /** @public */ looksLikeSecret,
  /** @public */ redactSecrets,
} from './looks-like-secret.ts';
export {
  /** @public */ ModelsFileError,
  /** @public */ type ModelsFileIssue,
} from './models-file-error.ts';
export {
  type DeploymentLimits,
  /** @public */ DeploymentSchema,
  /** @public */ LimitsSchema,
  type ModelsConfig,
  /** @public */ ModelsFileSchema,
} from './models-file-schema.ts';
export {
  /** @public */ modelsJsonSchema,
} from './models-json-schema.ts';
export {
  parseModelsFile,
  /** @public */ validateModelsConfig,
} from './parse-models-file.ts';
export {
  priceFor,
  type ResolvedPrice,
} from './price-for.ts';
export {
  /** @public */ PriceSchema,
} from './price-schema.ts';
export type { /** @public */ PriceTableEntry } from './price-table.ts';
export {
  /** @public */ BUNDLED_PRICE_TABLE_FILE,
  /** @public */ defaultPriceTable,
  /** @public */ loadPriceTable,
  /** @public */ parsePriceTable,
} from './price-table.ts';
export {
  /** @public */ KNOWN_PROVIDER_IDS,
  /** @public */ PROVIDER_DEFAULTS,
} from './provider-defaults.ts';
export {
  billingProviderFor,
  /** @public */ knownDeploymentIds,
  resolveDeployment,
  selectApiKeyEnv,
} from './resolve-deployment.ts';
