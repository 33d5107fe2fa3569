import { type AnnotatorV1, defineAnnotator, type JudgeReplyCheckV1, type JudgeV1 } from '@medhelm/core';
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
import { majorityVerdict } from './majority-verdict.ts';

/** The annotation key of the jury variant's verdicts (never the grader's, so the two never mix). */
export const HEALTHBENCH_JURY_ANNOTATOR_ID = 'healthbench_jury';

/** The warning every jury-graded run carries, in its warnings and medhelm_run.json. */
export const JURY_RUN_WARNING =
  "healthbench:grading=jury: graded by the run's jury (--judges, majority of usable verdicts) instead of OpenAI's single grader, so healthbench_jury_score is NOT comparable with OpenAI's HealthBench numbers.";

/** One judge's verdict on one rubric item; `criteria_met` null when it never replied usably. */
export interface JurorVerdictAnnotation {
  readonly criteria_met: boolean | null;
  readonly explanation: unknown;
  readonly invalid_replies: readonly string[];
}

/** The jury's verdict on one rubric item: the majority (`criteria_met`) and every judge's own. */
export interface JuryItemAnnotation {
  readonly criterion: string;
  readonly points: number;
  readonly tags: readonly string[];
  readonly criteria_met: boolean;
  /** The majority and each judge's verdict, in words (the viewer shows it as the explanation). */
  readonly explanation: string;
  /** By judge name, in the jury's order. */
  readonly judges: Readonly<Record<string, JurorVerdictAnnotation>>;
}

/** The jury variant's annotation of one instance: every rubric item, in rubric order. */
export interface HealthBenchJuryAnnotation {
  /** Who graded: "jury (gpt, claude, ...)", for the viewer. */
  readonly grader: string;
  readonly rubric_items: readonly JuryItemAnnotation[];
}

/**
 * HealthBench graded by the run's jury (`--judges`) instead of its one grader
 * (`healthbench:grading=jury`): every judge gets simple-evals' grader prompt and request for every
 * rubric item, each asked again on an unusable reply (at most
 * {@link HEALTHBENCH_MAX_GRADER_ATTEMPTS} times), and an item is met when most of the usable
 * verdicts say met (a tie is not). A judge that never replies usably is left out of that item's
 * majority; an item no judge answered usably fails the instance. Not OpenAI's method: its numbers
 * are not comparable with OpenAI's HealthBench scores.
 */
export function createHealthBenchJuryAnnotator(): AnnotatorV1 {
  return defineAnnotator({
    id: HEALTHBENCH_JURY_ANNOTATOR_ID,
    // No judgeNames: every judge of the run's jury, never the grader (asked by name only).
    needsJudges: true,
    judgeSettings: {
      promptTemplate: HEALTHBENCH_GRADER_TEMPLATE,
      temperature: HEALTHBENCH_GRADER_REQUEST.temperature,
      maxTokens: HEALTHBENCH_GRADER_REQUEST.maxTokens,
    },
    runWarning: JURY_RUN_WARNING,
    invalidReplyNote: `each was asked again (at most ${HEALTHBENCH_MAX_GRADER_ATTEMPTS} times per rubric item and judge); a judge never answering usably is left out of the item's majority, and an item no judge answered fails its instance`,
    async annotate(input, context): Promise<HealthBenchJuryAnnotation> {
      const extra = input.instance.extraData as unknown as HealthBenchExtraData;
      const conversation = (input.request.messages ?? []) as HealthBenchMessage[];
      const rubricItems = await Promise.all(
        extra.rubrics.map((item) =>
          juryItem(
            context.judges,
            healthBenchGraderPrompt(conversation, input.completion, item),
            item,
            context.signal,
          ),
        ),
      );
      return {
        grader: `jury (${context.judges.map((judge) => judge.name).join(', ')})`,
        rubric_items: rubricItems,
      };
    },
    judgeReplies(annotation): JudgeReplyCheckV1[] {
      return (annotation as HealthBenchJuryAnnotation).rubric_items.flatMap((item) =>
        Object.entries(item.judges).flatMap(([judge, verdict]) => [
          ...verdict.invalid_replies.map((reason) => ({ judge, valid: false, reason })),
          ...(verdict.criteria_met === null ? [] : [{ judge, valid: true }]),
        ]),
      );
    },
    estimateJudgeRequests({ instance, request, completion, judges }) {
      const extra = instance.extraData as unknown as HealthBenchExtraData;
      const conversation = (request.messages ?? []) as HealthBenchMessage[];
      return extra.rubrics.flatMap((item) => {
        const graderPrompt = healthBenchGraderPrompt(conversation, completion, item);
        return (judges ?? []).map((judge) => ({ judge, request: graderRequest(graderPrompt, 0) }));
      });
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

/** Every judge's verdict on one item and their majority; throws when no judge gave a usable one. */
async function juryItem(
  judges: readonly JudgeV1[],
  prompt: string,
  item: HealthBenchRubricItem,
  signal: AbortSignal | undefined,
): Promise<JuryItemAnnotation> {
  const verdicts = await Promise.all(judges.map((judge) => askUntilUsable(judge, prompt, signal)));
  const met = majorityVerdict(verdicts.map((verdict) => verdict.criteriaMet));
  if (met === undefined) {
    throw new Error(
      `no judge of the jury gave a usable verdict on the rubric item ${excerpt(item.criterion)} in ${HEALTHBENCH_MAX_GRADER_ATTEMPTS} attempts each`,
    );
  }
  const judgeVerdicts: Record<string, JurorVerdictAnnotation> = {};
  judges.forEach((judge, index) => {
    const verdict = verdicts[index];
    judgeVerdicts[judge.name] = {
      criteria_met: verdict?.criteriaMet ?? null,
      explanation: verdict?.explanation ?? null,
      invalid_replies: verdict?.invalidReplies ?? [],
    };
  });
  return {
    criterion: item.criterion,
    points: item.points,
    tags: item.tags,
    criteria_met: met,
    explanation: juryExplanation(met, judgeVerdicts),
    judges: judgeVerdicts,
  };
}

/** "met by the jury's majority (gpt: met; claude: not met; ...)", each judge's explanation after it. */
function juryExplanation(met: boolean, verdicts: Readonly<Record<string, JurorVerdictAnnotation>>): string {
  const each = Object.entries(verdicts).map(([judge, verdict]) => {
    if (verdict.criteria_met === null) return `${judge}: no usable verdict`;
    const explanation = typeof verdict.explanation === 'string' ? ` – ${verdict.explanation}` : '';
    return `${judge}: ${verdict.criteria_met ? 'met' : 'not met'}${explanation}`;
  });
  return `${met ? 'met' : 'not met'} by the jury's majority (${each.join('; ')})`;
}
