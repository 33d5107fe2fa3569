import { downsampleEvalIndices } from '@medhelm/engine';
import type { ConformanceFamily } from '../conformance-family.ts';

/** HELM's `downsample_eval_instances`: which eval positions `--max-eval-instances` keeps, in order. */
export const downsampleFamily: ConformanceFamily = {
  name: 'downsample',
  evaluate: (vector) => ({
    selected_indices: downsampleEvalIndices(
      vector.extra.num_eval_instances as number,
      vector.extra.max_eval_instances as number,
    ),
  }),
};
