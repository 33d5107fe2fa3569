import { PromptRenderError } from '../errors/prompt-render-error.ts';
import type { HelmAdapterSpec } from '../schemas/helm-spec.ts';
import type { IdentifiedInstance } from '../schemas/instance.ts';
import type { PromptTemplateV1, RenderedPromptV1 } from './prompt-template-v1.ts';
import type { PromptRendererV2, PromptTemplateV2 } from './prompt-template-v2.ts';

/** The AdapterSpec fields a v1 template's requests can be given after rendering. */
const V1_REQUEST_FIELDS = ['temperature', 'max_tokens'] as const;
/** Fields the engine itself sets on every plan; they never change what a template renders. */
const ENGINE_FIELDS = new Set<string>(['model', 'model_deployment', 'max_eval_instances']);

/**
 * The renderer of a benchmark's prompt template for a run's adapter spec. A v2 template compiles
 * it; a v1 template renders from its own spec, so the run's `temperature` and `max_tokens` are put
 * on each rendered request, and any other difference (which would change the prompt text) is a
 * PromptRenderError before any model call.
 */
export function compilePromptTemplate(
  template: PromptTemplateV1 | PromptTemplateV2,
  adapterSpec: HelmAdapterSpec,
): PromptRendererV2 {
  if (template.specificationVersion === 'v2') return template.compile(adapterSpec);
  const own = template.adapterSpec as Record<string, unknown>;
  const run = adapterSpec as Record<string, unknown>;
  const adjustable = new Set<string>(V1_REQUEST_FIELDS);
  for (const key of new Set([...Object.keys(own), ...Object.keys(run)])) {
    if (ENGINE_FIELDS.has(key) || adjustable.has(key)) continue;
    if (JSON.stringify(own[key]) !== JSON.stringify(run[key])) {
      throw new PromptRenderError(
        `This benchmark's prompt template (specification v1) renders only from its own adapter spec and cannot apply ${key}=${JSON.stringify(run[key])}.`,
        {
          hint: 'Leave that key out of the run entry, or update the benchmark plugin to a v2 prompt template.',
        },
      );
    }
  }
  return (instance) => {
    const rendered = template.render(instance);
    return {
      ...rendered,
      request: {
        ...rendered.request,
        temperature: adapterSpec.temperature,
        maxTokens: adapterSpec.max_tokens,
      },
    };
  };
}

/**
 * Renders one instance with `adapterSpec` (default: the template's own). It compiles the renderer
 * on every call: for a run's many instances compile once with {@link compilePromptTemplate}.
 */
export function renderPrompt(
  template: PromptTemplateV1 | PromptTemplateV2,
  instance: IdentifiedInstance,
  adapterSpec: HelmAdapterSpec = template.adapterSpec,
): RenderedPromptV1 {
  return compilePromptTemplate(template, adapterSpec)(instance);
}
