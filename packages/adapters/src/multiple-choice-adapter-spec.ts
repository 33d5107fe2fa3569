import { type HelmAdapterSpec, PromptRenderError } from '@medhelm/core';
import {
  ADAPT_MULTIPLE_CHOICE_JOINT,
  ADAPT_MULTIPLE_CHOICE_JOINT_CHAIN_OF_THOUGHT,
  ADAPT_MULTIPLE_CHOICE_SEPARATE_CALIBRATED,
  ADAPT_MULTIPLE_CHOICE_SEPARATE_ORIGINAL,
  type MultipleChoiceMethod,
} from './adaptation-methods.ts';
import { buildAdapterSpec, formatInstructions } from './build-adapter-spec.ts';

/**
 * The parameters of HELM's `get_multiple_choice_adapter_spec`, camelCased, with HELM's defaults,
 * plus the AdapterSpec fields HELM lets through its `**kwargs` to the joint adapter spec.
 */
export interface MultipleChoiceAdapterSpecOptions {
  /** Default `multiple_choice_joint` (the only one MedHELM uses). */
  method?: MultipleChoiceMethod;
  /** Task instructions; a newline is appended when non-empty. */
  instructions: string;
  /**
   * Label before the input: `"<noun>: "` with input suffix `"\n"`. `null` means Python's None:
   * no prefix and no suffix, so the first option follows the input text directly.
   */
  inputNoun: string | null;
  /** Label before the answer: `"<noun>: "`, right-stripped at the end of the prompt. */
  outputNoun: string;
  /** Default 5 (MedHELM passes 0). */
  maxTrainInstances?: number;
  /** Default 5; the joint adapter sends it as `top_k_per_token`. */
  numOutputs?: number;
  /** Default 1. */
  maxTokens?: number;
  /** Separate methods only: no input before the option. Default false. */
  emptyInput?: boolean;
  /** Default true. */
  sampleTrain?: boolean;
  // HELM **kwargs (joint methods):
  inputPrefix?: string;
  inputSuffix?: string;
  outputPrefix?: string;
  outputSuffix?: string;
  globalPrefix?: string;
  globalSuffix?: string;
  referencePrefix?: string;
  referenceSuffix?: string;
  chainOfThoughtPrefix?: string;
  chainOfThoughtSuffix?: string;
  instancePrefix?: string;
  numTrainTrials?: number;
  numTrials?: number;
  multiLabel?: boolean;
  random?: string;
  evalSplits?: readonly string[];
  outputMappingPattern?: string;
}

/**
 * HELM's `get_multiple_choice_adapter_spec` (adaptation/common_adapter_specs.py): for the joint
 * methods, temperature 0, stop `["\n"]`, and
 *
 * ```
 * [instructions]
 *
 * [input_noun]: [input]
 * A. [reference_1]
 * B. [reference_2]
 * [output_noun]:
 * ```
 */
export function multipleChoiceAdapterSpec(options: MultipleChoiceAdapterSpecOptions): HelmAdapterSpec {
  const method = options.method ?? ADAPT_MULTIPLE_CHOICE_JOINT;
  if (
    method === ADAPT_MULTIPLE_CHOICE_SEPARATE_ORIGINAL ||
    method === ADAPT_MULTIPLE_CHOICE_SEPARATE_CALIBRATED
  ) {
    // HELM's get_multiple_choice_separate_adapter_spec ignores every other argument.
    return buildAdapterSpec({
      method,
      instructions: '',
      input_prefix: '',
      input_suffix: '',
      output_prefix: options.emptyInput === true ? '' : ' ',
      output_suffix: '',
      max_train_instances: 0,
      num_outputs: 1,
      max_tokens: 0,
      temperature: 0,
    });
  }
  if (method !== ADAPT_MULTIPLE_CHOICE_JOINT && method !== ADAPT_MULTIPLE_CHOICE_JOINT_CHAIN_OF_THOUGHT) {
    // HELM raises ValueError here.
    throw new PromptRenderError(`Invalid adaptation method: ${String(method)}`);
  }
  const { inputNoun } = options;
  return buildAdapterSpec({
    method,
    global_prefix: options.globalPrefix,
    global_suffix: options.globalSuffix,
    instructions: formatInstructions(options.instructions),
    input_prefix: options.inputPrefix ?? (inputNoun === null ? '' : `${inputNoun}: `),
    input_suffix: options.inputSuffix ?? (inputNoun === null ? '' : '\n'),
    reference_prefix: options.referencePrefix,
    reference_suffix: options.referenceSuffix,
    chain_of_thought_prefix: options.chainOfThoughtPrefix,
    chain_of_thought_suffix: options.chainOfThoughtSuffix,
    output_prefix: options.outputPrefix ?? `${options.outputNoun}: `,
    output_suffix: options.outputSuffix ?? '\n',
    instance_prefix: options.instancePrefix,
    max_train_instances: options.maxTrainInstances ?? 5,
    num_outputs: options.numOutputs ?? 5,
    num_train_trials: options.numTrainTrials,
    num_trials: options.numTrials,
    sample_train: options.sampleTrain ?? true,
    temperature: 0,
    max_tokens: options.maxTokens ?? 1,
    stop_sequences: ['\n'],
    random: options.random,
    multi_label: options.multiLabel,
    eval_splits: options.evalSplits === undefined ? undefined : [...options.evalSplits],
    output_mapping_pattern: options.outputMappingPattern,
  });
}
