import { z } from 'zod';

/**
 * HELM's `ObjectSpec` (`class_name` + `args`): how HELM names scenarios, metrics and annotators in
 * run_spec.json. Field names are HELM's.
 */
export const helmObjectSpecSchema = z.object({
  class_name: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
});
export type HelmObjectSpec = z.infer<typeof helmObjectSpecSchema>;

/**
 * HELM's `AdapterSpec`: the declarative prompt recipe and decoding parameters, written verbatim
 * to run_spec.json and scenario_state.json. Field names and defaults are HELM's
 * (src/helm/benchmark/adaptation/adapter_spec.py at commit 63754d05).
 */
export const helmAdapterSpecSchema = z.object({
  method: z.string().min(1),
  global_prefix: z.string(),
  global_suffix: z.string(),
  instructions: z.string(),
  input_prefix: z.string(),
  input_suffix: z.string(),
  reference_prefix: z.string(),
  reference_suffix: z.string(),
  chain_of_thought_prefix: z.string(),
  chain_of_thought_suffix: z.string(),
  output_prefix: z.string(),
  output_suffix: z.string(),
  instance_prefix: z.string(),
  substitutions: z.array(z.object({ source: z.string(), target: z.string() })),
  max_train_instances: z.number().int().nonnegative(),
  max_eval_instances: z.number().int().positive().optional(),
  num_outputs: z.number().int().positive(),
  num_train_trials: z.number().int().positive(),
  num_trials: z.number().int().positive(),
  sample_train: z.boolean(),
  model_deployment: z.string(),
  model: z.string(),
  temperature: z.number(),
  max_tokens: z.number().int().nonnegative(),
  stop_sequences: z.array(z.string()),
  random: z.string().optional(),
  multi_label: z.boolean(),
  eval_splits: z.array(z.string()).optional(),
  output_mapping_pattern: z.string().optional(),
});
export type HelmAdapterSpec = z.infer<typeof helmAdapterSpecSchema>;

/** HELM's AdapterSpec defaults (used for fields a benchmark does not set). */
export const HELM_ADAPTER_SPEC_DEFAULTS: HelmAdapterSpec = {
  method: 'generation',
  global_prefix: '',
  global_suffix: '',
  instructions: '',
  input_prefix: 'Input: ',
  input_suffix: '\n',
  reference_prefix: 'A. ',
  reference_suffix: '\n',
  chain_of_thought_prefix: '',
  chain_of_thought_suffix: '\n',
  output_prefix: 'Output: ',
  output_suffix: '\n',
  instance_prefix: '\n',
  substitutions: [],
  max_train_instances: 5,
  num_outputs: 5,
  num_train_trials: 1,
  num_trials: 1,
  sample_train: true,
  model_deployment: '',
  model: '',
  temperature: 1,
  max_tokens: 100,
  stop_sequences: [],
  multi_label: false,
};

/** HELM's AdapterSpec fields in its dataclass order, the order HELM writes them in. */
export const HELM_ADAPTER_SPEC_FIELD_ORDER: readonly (keyof HelmAdapterSpec)[] = [
  'method',
  'global_prefix',
  'global_suffix',
  'instructions',
  'input_prefix',
  'input_suffix',
  'reference_prefix',
  'reference_suffix',
  'chain_of_thought_prefix',
  'chain_of_thought_suffix',
  'output_prefix',
  'output_suffix',
  'instance_prefix',
  'substitutions',
  'max_train_instances',
  'max_eval_instances',
  'num_outputs',
  'num_train_trials',
  'num_trials',
  'sample_train',
  'model_deployment',
  'model',
  'temperature',
  'max_tokens',
  'stop_sequences',
  'random',
  'multi_label',
  'eval_splits',
  'output_mapping_pattern',
];

/**
 * An AdapterSpec with its keys in HELM's field order and unset optional fields (None in HELM)
 * left out, as HELM's `asdict_without_nones` writes it.
 */
export function orderHelmAdapterSpec(spec: Partial<HelmAdapterSpec>): HelmAdapterSpec {
  const ordered: Record<string, unknown> = {};
  for (const key of HELM_ADAPTER_SPEC_FIELD_ORDER) {
    if (spec[key] !== undefined) ordered[key] = spec[key];
  }
  return ordered as HelmAdapterSpec;
}
