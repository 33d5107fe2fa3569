import { generationBenchmarkParts, helmScenario } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { helmExactMatchScorer } from '@medhelm/metrics';
import { createMedhalluDataset } from './medhallu-dataset.ts';

/** HELM's run spec and scenario name. */
export const MEDHALLU_ID = 'medhallu';

/** The instructions of HELM's `get_medhallu_spec` (medhelm_run_specs.py), verbatim. */
export const MEDHALLU_INSTRUCTIONS = `You are an AI assistant with extensive knowledge in the field of medicine. I want you act as an answer judge. Given a question and an answer, your objective is to determine if the provided answer contains non-factual or hallucinated information. You SHOULD give your judgement based on the following hallucination types and the world knowledge.

You are trying to determine if there is a factual contradiction between the answer and the world knowledge. Some information in the answer might be fabricated. Answer '0' if the answer is factual and '1' if the answer is hallucinated. You can categorize the answer as hallucinated if it falls in either of the category:
Type: Misinterpretation of #Question#: These are hallucinated answers that misunderstands the question, leading to an off-topic or irrelevant response.
Type: Incomplete Information: These are hallucinated answers that Point out what is not true without providing correct information.
Type: Mechanism and Pathway Misattribution - These are hallucinated answer that falsely attribution of biological mechanisms, molecular pathways, or disease processes that contradicts established medical knowledge
Type: Methodological and Evidence Fabrication - Inventing false research methods, statistical data, or specific clinical outcomes

Do not return anything else, just the answer.
Return just an integer value, '0' if the answer is factual and '1' if the answer is hallucinated. No letter or word, just the integer value.`;

/**
 * The output noun of HELM's `get_medhallu_spec`, verbatim: it repeats the last instruction line
 * (with a line break inside) and the prompt ends with it and ":".
 */
export const MEDHALLU_OUTPUT_NOUN = `Return just an integer value, '0' if the answer is factual and '1' if the answer is hallucinated.
No letter or word, just the integer value.

Your Judgment`;

/**
 * MedHELM's MedHallu benchmark: given PubMed knowledge, a question and an answer, the model says
 * whether the answer is factual ("0") or hallucinated ("1"); each dataset row is asked twice (its
 * ground truth, then its hallucinated answer) and scored with HELM's exact-match family.
 */
export function createMedhalluBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDHALLU_ID,
    displayName: 'MedHallu',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      'MedHallu is a benchmark focused on evaluating factual correctness in biomedical question answering. Each instance contains a PubMed-derived knowledge snippet, a biomedical question, and a model-generated answer. The task is to classify whether the answer is factually correct or contains hallucinated (non-grounded) information. This benchmark is designed to assess the factual reliability of medical language models.',
    category: 'Medical Research Assistance',
    subcategory: 'Ensuring Clinical Research Quality',
    dataset: createMedhalluDataset(),
    // get_medhallu_spec passes no max_tokens (get_generation_adapter_spec's default, 5). HELM
    // scores the raw completion: its exact-match metrics strip it themselves.
    ...generationBenchmarkParts(
      { instructions: MEDHALLU_INSTRUCTIONS, inputNoun: null, outputNoun: MEDHALLU_OUTPUT_NOUN },
      { scorers: [helmExactMatchScorer()], mainMetric: 'exact_match' },
    ),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medhallu_scenario.MedHalluScenario',
      name: MEDHALLU_ID,
      // MedHalluScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        'MedHallu is a benchmark focused on evaluating factual correctness in biomedicalquestion answering. Each instance contains a PubMed-derived knowledge snippet, abiomedical question, and a model-generated answer. The task is to classify whether theanswer is factually correct or contains hallucinated (non-grounded) information. Thisbenchmark is designed to assess the factual reliability of medical language models.',
      tags: ['knowledge', 'reasoning', 'biomedical'],
    }),
  });
}
