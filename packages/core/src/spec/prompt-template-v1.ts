import type { HelmAdapterSpec } from '../schemas/helm-spec.ts';
import type { IdentifiedInstance } from '../schemas/instance.ts';
import type { GenerationRequest } from '../schemas/request.ts';
import type { SpecificationVersionV1 } from './access-tier.ts';

/** A rendered request and what scoring needs to interpret its answer. */
export interface RenderedPromptV1 {
  request: GenerationRequest;
  /** Multiple-choice joint: answer letter to reference text (HELM's `output_mapping`). */
  outputMapping?: Readonly<Record<string, string>>;
  /** HELM's `num_train_instances` of the request (in-context examples used). */
  numTrainInstances: number;
  /** HELM's `prompt_truncated`. */
  promptTruncated: boolean;
}

/**
 * Renders an instance into the exact request HELM's adapter builds, byte for byte. `adapterSpec`
 * is HELM's AdapterSpec for the benchmark; it is written to run_spec.json.
 */
export interface PromptTemplateV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly adapterSpec: HelmAdapterSpec;
  render(instance: IdentifiedInstance): RenderedPromptV1;
}
