/** HELM's `CLEARScenario.CONDITIONS`, in its order: the 13 conditions, each one workbook and one run. */
export const CLEAR_CONDITIONS = [
  'alcohol_dependence',
  'attention_deficit_hyperactivity_disorder',
  'bipolar_disorder',
  'chronic_pain',
  'homelessness',
  'liver_disease',
  'major_depression',
  'personality_disorder',
  'post_traumatic_stress_disorder',
  'substance_use_disorder',
  'suicidal_behavior',
  'tobacco_dependence',
  'unemployment',
] as const;

/** One of {@link CLEAR_CONDITIONS}. */
export type ClearCondition = (typeof CLEAR_CONDITIONS)[number];

/**
 * HELM's `CLEARScenario.CONDITION_PROMPTS`: how the input and the answer choices name each
 * condition (the run spec's instructions use `condition.replace("_", " ")` instead, so ADHD and PTSD
 * are spelled out there without their abbreviation).
 */
export const CLEAR_CONDITION_TEXT: Readonly<Record<ClearCondition, string>> = {
  alcohol_dependence: 'alcohol dependence',
  attention_deficit_hyperactivity_disorder: 'attention deficit hyperactivity disorder (ADHD)',
  bipolar_disorder: 'bipolar disorder',
  chronic_pain: 'chronic pain',
  homelessness: 'homelessness',
  liver_disease: 'liver disease',
  major_depression: 'major depression',
  personality_disorder: 'personality disorder',
  post_traumatic_stress_disorder: 'post-traumatic stress disorder (PTSD)',
  substance_use_disorder: 'substance use disorder',
  suicidal_behavior: 'suicidal behavior',
  tobacco_dependence: 'tobacco dependence',
  unemployment: 'unemployment',
};

/** HELM's `get_answer_choices()`: the three references, in order (A, B, C). */
export function clearAnswerChoices(condition: ClearCondition): [string, string, string] {
  const text = CLEAR_CONDITION_TEXT[condition];
  return [`Has a history of ${text}`, `Does not have a history of ${text}`, 'Uncertain'];
}
