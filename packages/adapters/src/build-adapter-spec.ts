import { HELM_ADAPTER_SPEC_DEFAULTS, type HelmAdapterSpec } from '@medhelm/core';

// HELM's AdapterSpec field order (its dataclass order), so run_spec.json reads like HELM's.
const FIELD_ORDER: readonly (keyof HelmAdapterSpec)[] = [
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
 * An AdapterSpec as HELM's `AdapterSpec(**fields)`: HELM's defaults for every field not given,
 * keys in HELM's field order, optional fields (None in HELM) left out.
 */
export function buildAdapterSpec(fields: Partial<HelmAdapterSpec>): HelmAdapterSpec {
  const defaults: Partial<HelmAdapterSpec> = HELM_ADAPTER_SPEC_DEFAULTS;
  const ordered: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) {
    // An option passed as undefined means "not given", as an omitted Python keyword argument.
    const value = fields[key] ?? defaults[key];
    if (value === undefined) continue;
    // Lists are copied so callers can never mutate a shared default or each other's spec.
    ordered[key] = Array.isArray(value)
      ? value.map((item) => (typeof item === 'object' ? { ...item } : item))
      : value;
  }
  return ordered as HelmAdapterSpec;
}

/** HELM's `format_instructions`: non-empty instructions get a trailing newline. */
export function formatInstructions(instructions: string): string {
  return instructions.length > 0 ? `${instructions}\n` : instructions;
}
