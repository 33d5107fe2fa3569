import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `annotation/mtsamples_replicate_annotator.py` (stanford-crfm/helm@63754d05,
 * Apache-2.0), exactly as Python evaluates the literal: its `\"` is a plain `"`. Reproduced as
 * specification data; the judges must see these bytes.
 */
export const MTSAMPLES_REPLICATE_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert responsible for evaluating a proposed treatment plan
based on provided patient information.

Your goal is to assess whether the treatment plan uses the patient's medical history,
medications, symptoms, and other relevant details appropriately, follows clinical best practices,
and aligns with the gold standard response in accuracy, completeness, and clarity.`,
  question: [`The patient's information will be provided in these tags:`, 'patient_information'],
  response: `The proposed treatment plan will be provided in these tags:`,
  gold: `The gold standard treatment plan will be provided in these tags:`,
  review: `Carefully review the <response> based on the <patient_information> and compare it to the <gold_response> when needed.

For each category below, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent) and
provide a brief explanation for your score:`,
  accuracy: `- Does the treatment plan provide correct medical advice based on clinical guidelines?`,
  completeness: `Does the treatment plan include all important medical details?`,
  clarity: `- Is the treatment plan written clearly so clinicians can easily understand it?`,
  replyInstruction: `Generate a valid JSON object with the following structure:`,
});

/**
 * What MedHELM's jury judges for mtsamples_replicate: HELM's MTSamplesReplicateAnnotator (annotator
 * name `mtsamples_replicate`, MedHELM's criteria accuracy, completeness and clarity) and the run
 * spec's LLMJuryMetric (`mtsamples_replicate_accuracy`, default score 1.0 when no judge answers).
 */
export const mtsamplesReplicateJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'mtsamples_replicate',
  helmAnnotatorClassName:
    'helm.benchmark.annotation.mtsamples_replicate_annotator.MTSamplesReplicateAnnotator',
  promptTemplate: MTSAMPLES_REPLICATE_JUDGE_PROMPT_TEMPLATE,
});
