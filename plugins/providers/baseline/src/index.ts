import { defineProviderPlugin } from '@medhelm/core';
import { createBaselineProvider } from './create-baseline-provider.ts';

export {
  BASELINE_MODELS,
  BASELINE_PROVIDER_ID,
  BASELINE_VERSION,
  type BaselineModelId,
  countWords,
  createBaselineProvider,
} from './create-baseline-provider.ts';
export { isMultipleChoicePrompt } from './is-multiple-choice-prompt.ts';

/** The baseline provider, as the runner registers it. */
export const baselineProvider = createBaselineProvider();

/** The plugin the runner loads: registers {@link baselineProvider}. */
export const plugin = defineProviderPlugin('@medhelm/provider-baseline', baselineProvider);
