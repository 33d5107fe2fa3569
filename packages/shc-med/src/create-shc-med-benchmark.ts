import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createShcMedDataset } from './create-shc-med-dataset.ts';
import type { ShcMedBenchmarkDefinition } from './shc-med-benchmark-definition.ts';

/** The `tags` of every SHC scenario. */
export const SHC_MED_SCENARIO_TAGS: readonly string[] = ['knowledge', 'reasoning', 'biomedical'];

/**
 * An SHC benchmark: private data ({@link createShcMedDataset}), HELM's run spec
 * (`get_multiple_choice_adapter_spec(ADAPT_MULTIPLE_CHOICE_JOINT, instructions, input_noun="",
 * output_noun="")`: the prompt reads `": <input>"` and ends with `":"`, one token at temperature 0,
 * `get_exact_match_metric_specs()`, `exact_match` the headline) and HELM's scenario description.
 * The run spec leaves `max_train_instances` at HELM's default 5; the data has no train split, so
 * the prompts are zero-shot all the same.
 */
export function createShcMedBenchmark(definition: ShcMedBenchmarkDefinition): BenchmarkV1 {
  const { id, displayName, description, category, subcategory, scenario } = definition;
  return defineBenchmark({
    id,
    displayName,
    description,
    category,
    subcategory,
    dataset: createShcMedDataset(definition),
    ...multipleChoiceBenchmarkParts({
      instructions: definition.instructions,
      inputNoun: '',
      outputNoun: '',
      maxTrainInstances: 5,
    }),
    // HELM's args are {data_path}, the user's file: kept out of run_spec.json, as for every private benchmark.
    helm: helmScenario({ ...scenario, name: id, tags: SHC_MED_SCENARIO_TAGS }),
  });
}
