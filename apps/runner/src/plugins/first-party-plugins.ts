import { plugin as medcalcBench } from '@medhelm/benchmark-medcalc-bench';
import { plugin as pubmedQa } from '@medhelm/benchmark-pubmed-qa';
import { plugin as anthropic } from '@medhelm/provider-anthropic';
import { plugin as azureOpenAi } from '@medhelm/provider-azure-openai';
import { plugin as baseline } from '@medhelm/provider-baseline';
import { plugin as google } from '@medhelm/provider-google';
import { plugin as openAi } from '@medhelm/provider-openai';
import { plugin as openAiCompatible } from '@medhelm/provider-openai-compatible';

/**
 * The first-party plugins this runner ships with, as module exports. Third-party plugins come
 * from a run config's `plugins` list or from discovery of the project's dependencies.
 */
export const firstPartyPlugins: ReadonlyArray<{ packageName: string; exports: unknown }> = [
  { packageName: '@medhelm/benchmark-pubmed-qa', exports: { plugin: pubmedQa } },
  { packageName: '@medhelm/benchmark-medcalc-bench', exports: { plugin: medcalcBench } },
  { packageName: '@medhelm/provider-openai-compatible', exports: { plugin: openAiCompatible } },
  { packageName: '@medhelm/provider-openai', exports: { plugin: openAi } },
  { packageName: '@medhelm/provider-azure-openai', exports: { plugin: azureOpenAi } },
  { packageName: '@medhelm/provider-anthropic', exports: { plugin: anthropic } },
  { packageName: '@medhelm/provider-google', exports: { plugin: google } },
  { packageName: '@medhelm/provider-baseline', exports: { plugin: baseline } },
];
