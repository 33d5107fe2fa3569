import {
  HELM_ADAPTER_SPEC_DEFAULTS,
  HELM_ADAPTER_SPEC_FIELD_ORDER,
  type HelmAdapterSpec,
  orderHelmAdapterSpec,
} from '@medhelm/core';

/**
 * An AdapterSpec as HELM's `AdapterSpec(**fields)`: HELM's defaults for every field not given,
 * keys in HELM's field order, optional fields (None in HELM) left out.
 */
export function buildAdapterSpec(fields: Partial<HelmAdapterSpec>): HelmAdapterSpec {
  const defaults: Partial<HelmAdapterSpec> = HELM_ADAPTER_SPEC_DEFAULTS;
  const merged: Record<string, unknown> = {};
  for (const key of HELM_ADAPTER_SPEC_FIELD_ORDER) {
    // An option passed as undefined means "not given", as an omitted Python keyword argument.
    const value = fields[key] ?? defaults[key];
    if (value === undefined) continue;
    // Lists are copied so callers can never mutate a shared default or each other's spec.
    merged[key] = Array.isArray(value)
      ? value.map((item) => (typeof item === 'object' ? { ...item } : item))
      : value;
  }
  return orderHelmAdapterSpec(merged);
}

/** HELM's `format_instructions`: non-empty instructions get a trailing newline. */
export function formatInstructions(instructions: string): string {
  return instructions.length > 0 ? `${instructions}\n` : instructions;
}
