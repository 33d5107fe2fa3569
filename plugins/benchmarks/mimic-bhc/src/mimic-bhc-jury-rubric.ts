import { medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `mimic_bhc_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`), the missing space in "-Is the brief hospital course" included. Reproduced as
 * specification data (HELM, Apache-2.0).
 */
export const MIMIC_BHC_JUDGE_PROMPT_TEMPLATE = `You are tasked with evaluating the quality of the generated brief hospital
course based on the provided clinical note.
Your goal is to assess how well the brief hospital course captures all the clinical details and
compares to the gold response in terms of accuracy, completeness, and clarity.


The user's request will be provided in these tags:
<user_request>
{QUESTION}
</user_request>

The response will be provided in these tags:
<response>
{RESPONSE}
</response>

A potential correct response will be provided in these tags:
<gold_response>
{GOLD_RESPONSE}
</gold_response>

Carefully analyze the <response>. For each of the following categories,
rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.

Your evaluation should focus on the following criteria:
Accuracy (1-5)
- Does the brief hospital course correctly reflect the key details from the clinical note?

Completeness (1-5)
- Does the brief hospital course include all important details and address the clinical scenario?

Clarity (1-5)
-Is the brief hospital course easy for clinicians to understand?


Output Format:
Output the evaluation as a single valid JSON object matching the following structure:
{
    "accuracy": {
        "score": 0,
        "explanation": "Explain why this score was given."
    },
    "completeness": {
        "score": 0,
        "explanation": "Explain why this score was given."
    },
    "clarity": {
        "score": 0,
        "explanation": "Explain why this score was given."
    }
}

Ensure the output is valid JSON:
- Use **double quotes** (") for all keys and string values.
- When quoting text or sections inside the explanations, use escaped double quotes (") to
  maintain valid JSON formatting.
- Do not include any additional information in the output.
`;

/**
 * What MedHELM's jury judges for mimic_bhc: HELM's MIMICBHCAnnotator (annotator name `mimic_bhc`,
 * criteria accuracy, completeness and clarity, each a `score` with an `explanation`) and the run
 * spec's LLMJuryMetric (`mimic_bhc_accuracy`, default score 1.0 when no judge answers).
 */
export const mimicBhcJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'mimic_bhc',
  helmAnnotatorClassName: 'helm.benchmark.annotation.mimic_bhc_annotator.MIMICBHCAnnotator',
  promptTemplate: MIMIC_BHC_JUDGE_PROMPT_TEMPLATE,
});
