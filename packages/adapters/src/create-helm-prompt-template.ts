import {
  definePromptTemplate,
  type GenerationRequest,
  type HelmAdapterSpec,
  helmAdapterSpecSchema,
  type IdentifiedInstance,
  type Instance,
  PromptRenderError,
  type PromptRendererV2,
  type PromptTemplateV2,
  REQUEST_DEFAULTS,
  TRAIN_SPLIT,
} from '@medhelm/core';
import { firstAlphanumeric, pythonRstrip } from '@medhelm/python-text';
import { ADAPT_GENERATION, ADAPT_MULTIPLE_CHOICE_JOINT } from './adaptation-methods.ts';

/** Options of {@link createHelmPromptTemplate}. */
export interface HelmPromptTemplateOptions {
  /**
   * The benchmark's training instances, when it has any. In-context examples are not supported
   * yet: with `max_train_instances > 0` and a train instance this fails instead of silently
   * rendering a zero-shot prompt HELM would not send. Without train instances HELM's prompt is
   * zero-shot whatever `max_train_instances` says.
   */
  trainInstances?: readonly Pick<Instance, 'split'>[];
}

const SUPPORTED_METHODS = [ADAPT_GENERATION, ADAPT_MULTIPLE_CHOICE_JOINT];

/**
 * A PromptTemplateV2 that renders an instance into exactly the request HELM's adapter builds for
 * `generation` (GenerationAdapter) or `multiple_choice_joint` (MultipleChoiceJointAdapter), byte
 * for byte, zero-shot, never truncated, from the run's adapter spec (so run-entry overrides such as
 * `num_output_tokens` reach the request):
 *
 * `global_prefix + [instructions + instance_prefix] + input_prefix + input + input_suffix
 *  + [lettered references] + rstrip(output_prefix) + global_suffix`
 *
 * Throws PromptRenderError, here for the benchmark's own spec and from `compile` for a run's, for
 * a method, substitutions or in-context examples it cannot render.
 */
export function createHelmPromptTemplate(
  adapterSpec: HelmAdapterSpec,
  options: HelmPromptTemplateOptions = {},
): PromptTemplateV2 {
  const trainCount = (options.trainInstances ?? []).filter(
    (instance) => instance.split === TRAIN_SPLIT,
  ).length;
  // The benchmark's own spec must render too: a broken plugin fails when it is created.
  compileHelmRenderer(adapterSpec, trainCount);
  return definePromptTemplate({
    adapterSpec,
    compile: (runSpec) => compileHelmRenderer(runSpec, trainCount),
  });
}

/** The renderer for one adapter spec; every check happens here, once per run. */
function compileHelmRenderer(adapterSpec: HelmAdapterSpec, trainCount: number): PromptRendererV2 {
  const checked = helmAdapterSpecSchema.safeParse(adapterSpec);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new PromptRenderError(
      `Invalid adapter spec: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? checked.error.message}`,
    );
  }
  const spec = adapterSpec;
  if (!SUPPORTED_METHODS.includes(spec.method)) {
    throw new PromptRenderError(
      `Adaptation method "${spec.method}" is not supported; supported: ${SUPPORTED_METHODS.join(', ')}.`,
    );
  }
  if (spec.substitutions.length > 0) {
    // HELM applies them with Python's re.sub; translating Python regexes is not done (yet).
    throw new PromptRenderError('Adapter spec substitutions are not supported yet.');
  }
  if (spec.max_train_instances > 0 && trainCount > 0) {
    throw new PromptRenderError(
      `In-context examples are not supported yet: max_train_instances is ${spec.max_train_instances} and the benchmark has ${trainCount} train instances.`,
      { hint: 'MedHELM runs are zero-shot; set max_train_instances to 0.' },
    );
  }

  if (spec.method === ADAPT_GENERATION) {
    return (instance) => ({
      request: buildRequest(spec, renderPrompt(spec, generationBlock(spec, instance)), {
        numCompletions: spec.num_outputs,
        topKPerToken: 1,
        stopSequences: [...spec.stop_sequences],
      }),
      numTrainInstances: 0,
      promptTruncated: false,
    });
  }

  const letter = firstAlphanumeric(spec.reference_prefix);
  if (letter === undefined) {
    // HELM raises IndexError here: the option label must contain a letter or digit to count from.
    throw new PromptRenderError(
      `reference_prefix ${JSON.stringify(spec.reference_prefix)} has no letter or digit to number the options with.`,
    );
  }
  return (instance) => {
    const outputMapping: Record<string, string> = {};
    instance.references.forEach((reference, index) => {
      outputMapping[shiftLabel(letter, letter, index)] = reference.output.text;
    });
    return {
      request: buildRequest(spec, renderPrompt(spec, multipleChoiceBlock(spec, letter, instance)), {
        // The joint adapter asks for one completion and reads the top `num_outputs` tokens; it
        // never sends the spec's stop sequences.
        numCompletions: 1,
        topKPerToken: spec.num_outputs,
        stopSequences: [],
      }),
      outputMapping,
      numTrainInstances: 0,
      promptTruncated: false,
    };
  };
}

/** HELM's `Prompt.text` without in-context examples. */
function renderPrompt(spec: HelmAdapterSpec, evalBlock: string): string {
  const blocks = spec.instructions ? [spec.instructions, evalBlock] : [evalBlock];
  let text = blocks.join(spec.instance_prefix);
  if (spec.global_prefix) text = spec.global_prefix + text;
  if (spec.global_suffix) text += spec.global_suffix;
  return text;
}

/** InContextLearningAdapter.construct_example_prompt for the instance being evaluated. */
function generationBlock(spec: HelmAdapterSpec, instance: IdentifiedInstance): string {
  return spec.input_prefix + instance.input.text + spec.input_suffix + pythonRstrip(spec.output_prefix);
}

/** MultipleChoiceJointAdapter.construct_example_prompt for the instance being evaluated. */
function multipleChoiceBlock(spec: HelmAdapterSpec, letter: string, instance: IdentifiedInstance): string {
  let block = spec.input_prefix + instance.input.text + spec.input_suffix;
  instance.references.forEach((reference, index) => {
    block += shiftLabel(spec.reference_prefix, letter, index) + reference.output.text + spec.reference_suffix;
  });
  return block + pythonRstrip(spec.output_prefix);
}

/**
 * HELM's `get_reference_prefix`: every occurrence of the label character in `prefix` is replaced
 * by the character `index` code points after it (`"A. "` -> `"C. "` for index 2; past `Z` it goes
 * on to `[`, as `chr(ord("A") + i)` does).
 */
function shiftLabel(prefix: string, letter: string, index: number): string {
  const shifted = String.fromCodePoint((letter.codePointAt(0) ?? 0) + index);
  return prefix.split(letter).join(shifted);
}

function buildRequest(
  spec: HelmAdapterSpec,
  prompt: string,
  shape: Pick<GenerationRequest, 'numCompletions' | 'topKPerToken' | 'stopSequences'>,
): GenerationRequest {
  return {
    prompt,
    temperature: spec.temperature,
    maxTokens: spec.max_tokens,
    stopSequences: shape.stopSequences,
    numCompletions: shape.numCompletions,
    topKPerToken: shape.topKPerToken,
    ...REQUEST_DEFAULTS,
    ...(spec.random === undefined ? {} : { random: spec.random }),
  };
}
