import { definePlugin, defineProvider, defineProviderPlugin } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { expectProviderPlugin } from './expect-provider-plugin.ts';

// This package's own package.json has no `medhelm` manifest, so a manifest check against it fails;
// a provider package's passes (each provider package runs this check on itself).
const provider = defineProvider({
  id: 'acme',
  displayName: 'Acme',
  languageModel: () => {
    throw new Error('not called');
  },
});
const packageJson = new URL('../package.json', import.meta.url);

describe('expectProviderPlugin', () => {
  it('fails a plugin that registers another provider, or more than its provider', async () => {
    const other = defineProvider({ ...provider, id: 'other' });
    await expect(
      expectProviderPlugin(defineProviderPlugin('@medhelm/testing', other), {
        name: '@medhelm/testing',
        provider,
        packageJson,
      }),
    ).rejects.toThrow();
    const greedy = definePlugin({
      name: '@medhelm/testing',
      kind: 'provider',
      register: (context) => {
        context.registerProvider(provider);
        context.registerScorer({} as never);
      },
    });
    await expect(
      expectProviderPlugin(greedy, { name: '@medhelm/testing', provider, packageJson }),
    ).rejects.toThrow(/registers something other than its provider/);
  });

  it('fails a package whose manifest does not name the provider', async () => {
    await expect(
      expectProviderPlugin(defineProviderPlugin('@medhelm/testing', provider), {
        name: '@medhelm/testing',
        provider,
        packageJson,
      }),
    ).rejects.toThrow();
  });
});
