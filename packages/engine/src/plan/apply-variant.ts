import { type BenchmarkV1, ConfigError, PluginLoadError } from '@medhelm/core';

/** The run-entry key that asks for one of a benchmark's opt-in variants (`BenchmarkV1.variants`). */
export const VARIANT_KEY = 'variant';

/**
 * `benchmark` (already configured with the entry's arguments, whose variants may depend on them)
 * with its variant `name` applied. An unknown name is a ConfigError naming the benchmark and
 * listing its variants, or saying it has none. The applied benchmark must keep the id and version:
 * the variant is recorded beside them (run name, medhelm_run.json), never in their place, and a
 * variant that changes them is a plugin bug.
 */
export function applyVariant(benchmark: BenchmarkV1, name: string, entry: string): BenchmarkV1 {
  const variants = benchmark.variants ?? [];
  const variant = variants.find((candidate) => candidate.name === name);
  if (variant === undefined) {
    throw new ConfigError(`Run entry "${entry}": ${benchmark.id} has no variant "${name}".`, {
      hint:
        variants.length === 0
          ? `${benchmark.id} has no variants; leave out ${VARIANT_KEY}= to run it as HELM does.`
          : `${benchmark.id}'s variants: ${variants.map((known) => known.name).join(', ')} (medhelm list --json describes them); without ${VARIANT_KEY}= it runs as HELM does.`,
    });
  }
  const applied = variant.apply(benchmark);
  if (applied.id !== benchmark.id || applied.version !== benchmark.version) {
    throw new PluginLoadError(
      benchmark.id,
      `its variant "${name}" changes the benchmark's ${applied.id === benchmark.id ? `version (${String(benchmark.version)} to ${String(applied.version)})` : `id (to ${applied.id})`}; a variant keeps both and is recorded beside them`,
    );
  }
  return applied;
}
