import type { ModelProviderV1 } from '../spec/model-provider-v1.ts';
import type { MedHelmPluginV1 } from '../spec/plugin-v1.ts';
import { definePlugin } from './define.ts';

/**
 * The plugin of a package whose only contribution is one model provider:
 * `export const plugin = defineProviderPlugin('@acme/medhelm-provider-acme', acmeProvider)`.
 * The runner then registers `provider` under its id when it loads the package.
 */
export function defineProviderPlugin(name: string, provider: ModelProviderV1): MedHelmPluginV1 {
  return definePlugin({ name, kind: 'provider', register: (context) => context.registerProvider(provider) });
}
