import { REASONING_EFFORTS, type ReasoningEffort } from './reasoning-effort.ts';

/** A model id with HELM's reasoning-effort suffix taken off. */
export interface ReasoningEffortSuffix {
  /** The id the API knows, e.g. `o3-mini-2025-01-31`. */
  modelId: string;
  /** The effort the suffix asked for, if the id had one. */
  reasoningEffort: ReasoningEffort | undefined;
}

const suffixPattern = new RegExp(`^(.+)-(${REASONING_EFFORTS.join('|')})-reasoning-effort$`);

/**
 * Splits HELM's model-deployment naming for reasoning effort: `o3-mini-2025-01-31-high-reasoning-effort`
 * is model `o3-mini-2025-01-31` with `reasoning_effort: "high"` (HELM's model_deployments.yaml names
 * its OpenAI reasoning deployments this way). Ids without the suffix come back unchanged.
 */
export function parseReasoningEffortSuffix(modelId: string): ReasoningEffortSuffix {
  const match = suffixPattern.exec(modelId);
  if (match === null) return { modelId, reasoningEffort: undefined };
  return { modelId: match[1] ?? modelId, reasoningEffort: match[2] as ReasoningEffort };
}
