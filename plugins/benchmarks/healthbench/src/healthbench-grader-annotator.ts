import {
  type AnnotatorV1,
  defineAnnotator,
  GRADER_JUDGE_NAME,
  type JudgeReplyCheckV1,
  type JudgeV1,
} from '@medhelm/core';
import {
  HEALTHBENCH_GRADER_REQUEST,
  HEALTHBENCH_GRADER_TEMPLATE,
  type HealthBenchMessage,
  type HealthBenchRubricItem,
  healthBenchGraderPrompt,
} from '@medhelm/healthbench';
import {
  askUntilUsable,
  excerpt,
  graderRequest,
  HEALTHBENCH_MAX_GRADER_ATTEMPTS,
} from './ask-until-usable.ts';
import type { HealthBenchExtraData } from './healthbench-dataset.ts';

/** The annotation key of the grader's verdicts. */
export const HEALTHBENCH_ANNOTATOR_ID = 'healthbench_grader';

/** The grader's verdict on one rubric item, as the annotation stores it (the viewer shows it). */
export interface GradedItemAnnotation {
  readonly criterion: string;
  readonly points: number;
  readonly tags: readonly string[];
  readonly criteria_met: boolean;
  /** `parsed.get("explanation", "No explanation provided")`: any JSON value. */
  readonly explanation: unknown;
  /** Replies that could not be used before the accepted one, each with why. */
  readonly invalid_replies: readonly string[];
}

/** The annotation of one instance: every rubric item, in rubric order. */
export interface HealthBenchAnnotation {
  readonly rubric_items: readonly GradedItemAnnotation[];
}

/**
 * The HealthBench grader: one call to the run's grader (`--grader`, a judge named `grader`) per
 * rubric item, with simple-evals' prompt and request (temperature 0.5, 2,048 tokens, its system
 * message), accepting a reply only when it parses to an object whose `criteria_met` is a boolean.
 * Any other reply is invalid and the grader is asked again (a new request `random`, so not from the
 * cache), at most {@link HEALTHBENCH_MAX_GRADER_ATTEMPTS} times; a reply the reference crashes on
 * (a number, a list, ...) is invalid too. An item never answered usably fails the instance: it is
 * never scored as if the grader had answered.
 */
export function createHealthBenchGraderAnnotator(): AnnotatorV1 {
  return defineAnnotator({
    id: HEALTHBENCH_ANNOTATOR_ID,
    needsJudges: true,
    judgeNames: [GRADER_JUDGE_NAME],
    judgeSettings: {
      promptTemplate: HEALTHBENCH_GRADER_TEMPLATE,
      temperature: HEALTHBENCH_GRADER_REQUEST.temperature,
      maxTokens: HEALTHBENCH_GRADER_REQUEST.maxTokens,
    },
    invalidReplyNote: `each was asked again (at most ${HEALTHBENCH_MAX_GRADER_ATTEMPTS} times per rubric item); an item never answered usably fails its instance, never scored`,
    async annotate(input, context): Promise<HealthBenchAnnotation> {
      const grader = context.judges[0];
      if (grader === undefined)
        throw new Error('HealthBench needs its grader (--grader), and the run has none.');
      const extra = input.instance.extraData as unknown as HealthBenchExtraData;
      const conversation = (input.request.messages ?? []) as HealthBenchMessage[];
      const rubricItems = await Promise.all(
        extra.rubrics.map((item) =>
          gradeRubricItem(
            grader,
            healthBenchGraderPrompt(conversation, input.completion, item),
            item,
            context.signal,
          ),
        ),
      );
      return { rubric_items: rubricItems };
    },
    judgeReplies(annotation): JudgeReplyCheckV1[] {
      return (annotation as HealthBenchAnnotation).rubric_items.flatMap((item) => [
        ...item.invalid_replies.map((reason) => ({ judge: GRADER_JUDGE_NAME, valid: false, reason })),
        { judge: GRADER_JUDGE_NAME, valid: true },
      ]);
    },
    estimateJudgeRequests({ instance, request, completion }) {
      const extra = instance.extraData as unknown as HealthBenchExtraData;
      const conversation = (request.messages ?? []) as HealthBenchMessage[];
      return extra.rubrics.map((item) => ({
        judge: GRADER_JUDGE_NAME,
        request: graderRequest(healthBenchGraderPrompt(conversation, completion, item), 0),
      }));
    },
    judgePrompt({ instance, completion }) {
      const extra = instance.extraData as unknown as HealthBenchExtraData;
      const first = extra.rubrics[0];
      return first === undefined
        ? undefined
        : healthBenchGraderPrompt((instance.input.messages ?? []) as HealthBenchMessage[], completion, first);
    },
  });
}

/** `grade_rubric_item` with a bounded loop; throws when no attempt gave a usable reply. */
async function gradeRubricItem(
  grader: JudgeV1,
  prompt: string,
  item: HealthBenchRubricItem,
  signal: AbortSignal | undefined,
): Promise<GradedItemAnnotation> {
  const verdict = await askUntilUsable(grader, prompt, signal);
  if (verdict.criteriaMet === undefined) {
    throw new Error(
      `the grader gave no usable verdict on the rubric item ${excerpt(item.criterion)} in ${HEALTHBENCH_MAX_GRADER_ATTEMPTS} attempts (last: ${verdict.invalidReplies.at(-1)})`,
    );
  }
  return {
    criterion: item.criterion,
    points: item.points,
    tags: item.tags,
    criteria_met: verdict.criteriaMet,
    explanation: verdict.explanation,
    invalid_replies: verdict.invalidReplies,
  };
}
