import { readFileSync } from 'node:fs';
import { type MedHelmPluginV1, type ModelProviderV1, pluginManifestSchema } from '@medhelm/core';
import { expect } from 'vitest';

/** What {@link expectProviderPlugin} expects of a provider package's plugin. */
export interface ExpectedProviderPlugin {
  /** The package name, which the plugin must carry. */
  name: string;
  /** The provider the plugin must register, and nothing else. */
  provider: ModelProviderV1;
  /**
   * The package's package.json, e.g. `new URL('../package.json', import.meta.url)`: its `medhelm`
   * manifest must be a v1 provider manifest listing exactly the provider's id, because the runner
   * reads it to find the plugin without importing the package.
   */
  packageJson: URL;
}

/**
 * Checks the plugin a provider package exports: a v1 `provider` plugin named after the package that
 * registers exactly `provider`, and a package.json manifest naming the provider's id.
 */
export async function expectProviderPlugin(
  plugin: MedHelmPluginV1,
  expected: ExpectedProviderPlugin,
): Promise<void> {
  expect(plugin).toMatchObject({ specificationVersion: 'v1', name: expected.name, kind: 'provider' });
  const registered: ModelProviderV1[] = [];
  const notAProvider = () => {
    throw new Error(`${expected.name} registers something other than its provider`);
  };
  await plugin.register({
    registerProvider: (provider) => registered.push(provider),
    registerBenchmark: notAProvider,
    registerScorer: notAProvider,
    registerNormalizer: notAProvider,
  });
  expect(registered).toEqual([expected.provider]);
  const manifest = JSON.parse(readFileSync(expected.packageJson, 'utf8')) as {
    name?: unknown;
    medhelm?: unknown;
  };
  expect(manifest.name).toBe(expected.name);
  expect(pluginManifestSchema.parse(manifest.medhelm)).toEqual({
    kind: 'provider',
    specificationVersion: 'v1',
    ids: [expected.provider.id],
  });
}
