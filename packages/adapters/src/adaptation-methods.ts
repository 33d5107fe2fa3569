// HELM's adaptation method names (src/helm/benchmark/adaptation/adapter_spec.py).

/** The model continues the prompt freely; references are only used for scoring. */
export const ADAPT_GENERATION = 'generation';
/** All options in one prompt, lettered A, B, C, ...; the model answers with a letter. */
export const ADAPT_MULTIPLE_CHOICE_JOINT = 'multiple_choice_joint';
/** As joint, with a chain-of-thought prefix and suffix around the answer. */
export const ADAPT_MULTIPLE_CHOICE_JOINT_CHAIN_OF_THOUGHT = 'multiple_choice_joint_chain_of_thought';
/** One language-modeling request per option, scored by log-probability. */
export const ADAPT_MULTIPLE_CHOICE_SEPARATE_ORIGINAL = 'multiple_choice_separate_original';
/** As separate original, calibrated by the option's probability without the question. */
export const ADAPT_MULTIPLE_CHOICE_SEPARATE_CALIBRATED = 'multiple_choice_separate_calibrated';

/** The multiple-choice methods `multipleChoiceAdapterSpec` can build a spec for. */
export type MultipleChoiceMethod =
  | typeof ADAPT_MULTIPLE_CHOICE_JOINT
  | typeof ADAPT_MULTIPLE_CHOICE_JOINT_CHAIN_OF_THOUGHT
  | typeof ADAPT_MULTIPLE_CHOICE_SEPARATE_ORIGINAL
  | typeof ADAPT_MULTIPLE_CHOICE_SEPARATE_CALIBRATED;
