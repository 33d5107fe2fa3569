export { BUILTIN_DEPLOYMENTS, MEDHELM_JURY_DEPLOYMENTS } from './builtin-deployments.ts';
export { costInPicoUsd, costOf, type Rates, type TokenUsage, usdFromPicoUsd } from './cost-of.ts';
export { loadModelsFile } from './load-models-file.ts';
export { looksLikeSecret, redactSecrets } from './looks-like-secret.ts';
export { ModelsFileError, type ModelsFileIssue } from './models-file-error.ts';
export {
  DEPLOYMENT_ID,
  type DeploymentConfig,
  type DeploymentLimits,
  DeploymentSchema,
  ENV_VAR_NAME,
  HELM_MODEL,
  LimitsSchema,
  type ModelsConfig,
  ModelsFileSchema,
  PROVIDER_ID,
} from './models-file-schema.ts';
export { MODELS_JSON_SCHEMA_PATH, modelsJsonSchema } from './models-json-schema.ts';
export {
  type ModelsFileFormat,
  modelsFileFormat,
  parseModelsFile,
  validateModelsConfig,
} from './parse-models-file.ts';
export { type PriceForOptions, priceFor, type ResolvedPrice } from './price-for.ts';
export { isWholeMicroUsd, type LongContextPrice, type Price, PriceSchema } from './price-schema.ts';
export {
  BUNDLED_PRICE_TABLE_FILE,
  defaultPriceTable,
  loadPriceTable,
  type PriceTable,
  type PriceTableEntry,
  PriceTableEntrySchema,
  PriceTableSchema,
  parsePriceTable,
} from './price-table.ts';
export {
  isKnownProviderId,
  KNOWN_PROVIDER_IDS,
  type KnownProviderId,
  PROVIDER_DEFAULTS,
  type ProviderDefaults,
} from './provider-defaults.ts';
export {
  billingProviderFor,
  knownDeploymentIds,
  type ResolveDeploymentOptions,
  type ResolvedDeployment,
  resolveDeployment,
  selectApiKeyEnv,
} from './resolve-deployment.ts';
