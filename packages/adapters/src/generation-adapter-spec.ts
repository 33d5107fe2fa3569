import type { HelmAdapterSpec } from '@medhelm/core';
import { ADAPT_GENERATION } from './adaptation-methods.ts';
import { buildAdapterSpec, formatInstructions } from './build-adapter-spec.ts';

/** The parameters of HELM's `get_generation_adapter_spec`, camelCased, with HELM's defaults. */
export interface GenerationAdapterSpecOptions {
  /** Task instructions; a newline is appended when non-empty. Default `''`. */
  instructions?: string;
  /**
   * Label before the input: `"<noun>: "` (or `"<noun>:\n"`). `null`/absent means Python's None: no
   * prefix at all. An empty string is not None: it gives the prefix `": "`, as in HELM.
   */
  inputNoun?: string | null;
  /** Put the input on the line after its noun. Default false. */
  newlineAfterInputNoun?: boolean;
  /** Label before the output, built like `inputNoun`; right-stripped at the end of the prompt. */
  outputNoun?: string | null;
  /** Put the output on the line after its noun. Default false. */
  newlineAfterOutputNoun?: boolean;
  /** In-context examples. Default 5 (MedHELM passes 0). */
  maxTrainInstances?: number;
  /** Completions requested per instance. Default 1. */
  numOutputs?: number;
  /** Default 5. */
  maxTokens?: number;
  /** Default `["\n"]` (HELM's default when None is passed); MedHELM mostly passes `[]`. */
  stopSequences?: readonly string[];
  /** Default 0. */
  temperature?: number;
  /** Default false. */
  multiLabel?: boolean;
  /** Default true. */
  sampleTrain?: boolean;
}

/**
 * HELM's `get_generation_adapter_spec` (adaptation/common_adapter_specs.py):
 *
 * ```
 * [instructions]
 *
 * [input_noun]: [input]
 * [output_noun]:
 * ```
 */
export function generationAdapterSpec(options: GenerationAdapterSpecOptions = {}): HelmAdapterSpec {
  return buildAdapterSpec({
    method: ADAPT_GENERATION,
    instructions: formatInstructions(options.instructions ?? ''),
    input_prefix: nounPrefix(options.inputNoun, options.newlineAfterInputNoun ?? false),
    input_suffix: '\n',
    output_prefix: nounPrefix(options.outputNoun, options.newlineAfterOutputNoun ?? false),
    output_suffix: '\n',
    max_train_instances: options.maxTrainInstances ?? 5,
    num_outputs: options.numOutputs ?? 1,
    max_tokens: options.maxTokens ?? 5,
    temperature: options.temperature ?? 0,
    stop_sequences: [...(options.stopSequences ?? ['\n'])],
    multi_label: options.multiLabel ?? false,
    sample_train: options.sampleTrain ?? true,
  });
}

/** HELM's `format_prefix`: `"<noun>: "`, `"<noun>:\n"`, or `""` for None. */
function nounPrefix(noun: string | null | undefined, newline: boolean): string {
  if (noun === null || noun === undefined) return '';
  return `${noun}:${newline ? '\n' : ' '}`;
}
