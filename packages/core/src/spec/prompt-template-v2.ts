import type { HelmAdapterSpec } from '../schemas/helm-spec.ts';
import type { IdentifiedInstance } from '../schemas/instance.ts';
import type { RenderedPromptV1 } from './prompt-template-v1.ts';

/** Renders one instance with the adapter spec a renderer was compiled for. */
export type PromptRendererV2 = (instance: IdentifiedInstance) => RenderedPromptV1;

/**
 * A prompt template that renders from the run's adapter spec, not only its own: a run entry's
 * overrides (`num_output_tokens=4000`, `temperature=0.7`, ...) change the adapter spec the plan
 * holds, and the requests sent must follow it. `adapterSpec` is the benchmark's default, written
 * to run_spec.json when no run entry changes it.
 *
 * Version 2 of the prompt-template contract: v1 rendered only from its own adapter spec, so run
 * entry overrides never reached the model. The engine still accepts v1 templates (see
 * `compilePromptTemplate`).
 */
export interface PromptTemplateV2 {
  readonly specificationVersion: 'v2';
  readonly adapterSpec: HelmAdapterSpec;
  /**
   * Compiles the renderer for `adapterSpec` (the plan's: the benchmark's spec with the model and a
   * run entry's overrides applied). Called once per run, before any model call, so a spec the
   * template cannot render fails the run before anything is spent: throw PromptRenderError then.
   */
  compile(adapterSpec: HelmAdapterSpec): PromptRendererV2;
}
