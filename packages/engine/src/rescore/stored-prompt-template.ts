import {
  type HelmAdapterSpec,
  PromptRenderError,
  type PromptTemplateV2,
  type RenderedPromptV1,
} from '@medhelm/core';
import type { StoredRun } from './read-stored-run.ts';

/**
 * A prompt template that "renders" each instance of a finished run into the request that run
 * actually sent (looked up by instance id), never rendering it again: a rescore scores the
 * answers to the prompts they answered, even where today's template would differ.
 */
export function storedPromptTemplate(stored: StoredRun): PromptTemplateV2 {
  const byId = new Map<string, RenderedPromptV1>();
  for (const state of stored.states) byId.set(state.instance.id, state.rendered);
  return {
    specificationVersion: 'v2',
    adapterSpec: stored.adapterSpec,
    compile(_adapterSpec: HelmAdapterSpec) {
      return (instance) => {
        const rendered = byId.get(instance.id);
        if (rendered === undefined)
          throw new PromptRenderError(`${stored.directory} has no request for instance ${instance.id}`);
        return rendered;
      };
    },
  };
}
