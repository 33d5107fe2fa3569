import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `aci_bench_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`), typo "accruacy" included. Reproduced as specification data (HELM, Apache-2.0).
 */
export const ACI_BENCH_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert tasked with evaluating the quality of a
generated clinical note based on a doctor-patient conversation.
Your goal is to assess how well the note captures the clinical information from the conversation and
compare it to the reference note (gold standard) in terms of accruacy, completeness and clarity.`,
  question: [`The conversation will be provided in these tags:`, 'conversation'],
  response: `The generated note will be provided in these tags:`,
  gold: `The reference note will be provided in these tags:`,
  review: `Carefully review the <response> based on the <conversation> and compare it to the <gold_response> when needed.

For each of the following criteria, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
  accuracy: `- Does the note provide correct clinical information based on the conversation?`,
  completeness: `- Does the note include all important medical details from the conversation?`,
  clarity: `- Is the note written clearly and organized in a standard clinical format for clinicians`,
  // No blank line between the parts in HELM's aci_bench template.
  separator: '\n',
});

/**
 * What MedHELM's jury judges for aci_bench: HELM's ACIBenchAnnotator (annotator name `aci_bench`,
 * MedHELM's criteria accuracy, completeness and clarity) and the run spec's LLMJuryMetric
 * (`aci_bench_accuracy`, default score 1.0 when no judge answers).
 */
export const aciBenchJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'aci_bench',
  helmAnnotatorClassName: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator',
  promptTemplate: ACI_BENCH_JUDGE_PROMPT_TEMPLATE,
});
