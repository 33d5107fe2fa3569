import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedDataset } from './create-shc-med-dataset.ts';
import type { ShcMedBenchmarkDefinition } from './shc-med-benchmark-definition.ts';

/**
 * An SHC benchmark: its card's metadata and scenario, private data ({@link createShcMedDataset})
 * and HELM's run spec from the card's prompt (`get_multiple_choice_adapter_spec(
 * ADAPT_MULTIPLE_CHOICE_JOINT, instructions, input_noun="", output_noun="")`: the prompt reads
 * `": <input>"` and ends with `":"`, one token at temperature 0, `get_exact_match_metric_specs()`,
 * `exact_match` the headline). The run spec leaves `max_train_instances` at HELM's default 5; the
 * data has no train split, so the prompts are zero-shot all the same. HELM's args are
 * {data_path}, the user's file: kept out of run_spec.json, as for every private benchmark.
 */
export function createShcMedBenchmark(definition: ShcMedBenchmarkDefinition): BenchmarkV1 {
  return multipleChoiceBenchmark(definition.card, { dataset: createShcMedDataset(definition) });
}
