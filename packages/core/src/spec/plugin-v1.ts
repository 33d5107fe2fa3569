import { z } from 'zod';
import type { SpecificationVersionV1 } from './access-tier.ts';
import type { BenchmarkV1 } from './benchmark-v1.ts';
import type { ModelProviderV1 } from './model-provider-v1.ts';
import type { NormalizerV1 } from './normalizer-v1.ts';
import type { ScorerV1 } from './scorer-v1.ts';

/** The narrow view of the runner a plugin gets in `register`: it adds to the registries. */
export interface PluginContextV1 {
  registerBenchmark(benchmark: BenchmarkV1): void;
  registerProvider(provider: ModelProviderV1): void;
  registerScorer(scorer: ScorerV1): void;
  registerNormalizer(normalizer: NormalizerV1): void;
}

/** What a plugin package exports as its default `plugin`. */
export interface MedHelmPluginV1 {
  readonly specificationVersion: SpecificationVersionV1;
  /** The package name, used in errors and `medhelm plugins list`. */
  readonly name: string;
  readonly kind: PluginKind;
  register(context: PluginContextV1): void | Promise<void>;
}

export const pluginKinds = ['benchmark', 'provider', 'scorer', 'normalizer'] as const;
export type PluginKind = (typeof pluginKinds)[number];

/**
 * The `medhelm` field of a plugin's package.json, readable without executing the package:
 * `{ "kind": "benchmark", "specificationVersion": "v1", "ids": ["medcalc_bench"] }`.
 */
export const pluginManifestSchema = z.object({
  kind: z.enum(pluginKinds),
  specificationVersion: z.literal('v1'),
  ids: z.array(z.string().min(1)).min(1),
});
export type PluginManifest = z.infer<typeof pluginManifestSchema>;
