import { expectProviderPlugin } from '@medhelm/testing';
import { describe, it } from 'vitest';
import { llamaCppProvider, plugin } from './index.ts';

describe('@medhelm/provider-llama-cpp', () => {
  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-llama-cpp',
      provider: llamaCppProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});
