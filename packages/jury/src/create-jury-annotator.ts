import {
  type AnnotateInputV1,
  type AnnotatorContextV1,
  type AnnotatorV1,
  defineAnnotator,
  type GenerationRequest,
  type IdentifiedInstance,
  type JudgeReplyCheckV1,
  type JudgeV1,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { helmJuryAnnotatorSpec } from './helm-jury-specs.ts';
import type { JuryRubric } from './jury-rubric.ts';
import { parseJudgeReply } from './parse-judge-reply.ts';
import { renderJudgePrompt } from './render-judge-prompt.ts';

/** The annotation key of our additions; HELM's metric reads only the judges' keys. */
export const MEDHELM_ANNOTATION_KEY = '_medhelm';

/** HELM's judge request: temperature 0.0, max_tokens 4096, the rest Request's defaults. */
export const JUDGE_TEMPERATURE = 0;
export const JUDGE_MAX_TOKENS = 4096;

/** What we record about one judge's reply, beside HELM's annotation (under `_medhelm.judges`). */
export interface JudgeReplyRecord {
  /** The HELM model name of the deployment that answered. */
  helmModel: string;
  /** The reply text. */
  reply: string;
  /** HELM's verdict: whether the reply is filed under the judge's name. */
  valid: boolean;
  /** Why it is not valid (`null` when valid). */
  reason: string | null;
  /** Whether HELM's appended `}` made it parse. */
  repaired: boolean;
  /** Whether the reply matches the rubric's strict schema (beyond HELM). */
  schemaValid: boolean;
  schemaReason: string | null;
  /** Tokens the call used, as the provider reported them. */
  usage: { promptTokens: number; completionTokens: number };
}

/** Our additions to a jury annotation, under {@link MEDHELM_ANNOTATION_KEY}. */
export interface JuryAnnotationExtras {
  /** True when the completion was empty or whitespace, so no judge was asked (as in HELM). */
  emptyCompletion: boolean;
  /** One record per judge asked, in the jury's order. */
  judges: Record<string, JudgeReplyRecord>;
}

/**
 * A jury annotation: HELM's keys (`prompt_text`, one key per judge whose reply was valid, or
 * `empty_output_equivalence_judgement` for an empty completion) plus `_medhelm`.
 */
export type JuryAnnotation = Record<string, unknown> & { [MEDHELM_ANNOTATION_KEY]?: JuryAnnotationExtras };

/** The request HELM sends each judge for a rendered judge prompt. */
export function judgeRequest(prompt: string): GenerationRequest {
  return {
    prompt,
    temperature: JUDGE_TEMPERATURE,
    maxTokens: JUDGE_MAX_TOKENS,
    stopSequences: [],
    numCompletions: 1,
    topKPerToken: 1,
    ...REQUEST_DEFAULTS,
  };
}

/**
 * The benchmark's LLM-jury annotator, HELM's `LLMAsJuryAnnotator.annotate` for `rubric`:
 *
 * - an empty or whitespace-only completion (Python `str.strip()`) asks no judge and gives
 *   `{prompt_text: null, empty_output_equivalence_judgement: false}`;
 * - otherwise the judge prompt is rendered (`_interpolate_prompt`: QUESTION = the instance input,
 *   RESPONSE = the completion, GOLD_RESPONSE = the first reference or `""`) and sent to every judge
 *   (temperature 0, max_tokens 4096); the annotation is `{prompt_text, <judge>: verdict, ...}` with
 *   only the judges whose reply {@link parseJudgeReply} accepts, in the jury's order. A judge whose
 *   call fails (after its retries) fails the annotation, and so the instance: it is retried by the
 *   next run, never scored as if the judge had replied (HELM's default score is only for replies
 *   that arrived and could not be parsed).
 *
 * A rubric with judges of its own (`rubric.judges`) names them in `judgeNames`, so the engine
 * hands it only those judges of the run, in the rubric's order.
 *
 * Beside HELM's keys, `_medhelm` records every judge's raw reply, validity and reason, schema check
 * and tokens (HELM's metric ignores keys that are not judge names). Judges are asked concurrently;
 * the engine's per-judge limiters bound them.
 */
export function createJuryAnnotator(rubric: JuryRubric): AnnotatorV1 {
  return defineAnnotator({
    id: rubric.name,
    needsJudges: true,
    // A jury of its own asks the run's judges of those names only (the engine hands it them).
    ...(rubric.judges === undefined ? {} : { judgeNames: rubric.judges.map((judge) => judge.name) }),
    helmAnnotatorSpec: helmJuryAnnotatorSpec(rubric),
    judgeReplies: (annotation) => judgeReplyChecks(annotation),
    judgeSettings: {
      promptTemplate: rubric.promptTemplate,
      temperature: JUDGE_TEMPERATURE,
      maxTokens: JUDGE_MAX_TOKENS,
    },
    judgePrompt: ({ instance, completion }) =>
      isPythonBlank(completion) ? undefined : judgePromptOf(rubric, instance, completion),
    async annotate(input: AnnotateInputV1, context: AnnotatorContextV1): Promise<JuryAnnotation> {
      if (input.result.completions.length !== 1) {
        throw new Error(
          `HELM's LLMAsJuryAnnotator asserts exactly one completion; instance ${input.instance.id} has ${input.result.completions.length}`,
        );
      }
      for (const judge of context.judges) {
        if (judge.name === MEDHELM_ANNOTATION_KEY || judge.name === 'prompt_text') {
          throw new Error(
            `A judge may not be named ${JSON.stringify(judge.name)}: the jury annotation uses that key`,
          );
        }
      }
      const completion = input.completion;
      if (isPythonBlank(completion)) {
        return {
          prompt_text: null,
          empty_output_equivalence_judgement: false,
          [MEDHELM_ANNOTATION_KEY]: { emptyCompletion: true, judges: {} },
        };
      }
      const prompt = judgePromptOf(rubric, input.instance, completion);
      // Every judge's call is let finish (each is paid for and cached) before a failed one fails
      // the instance.
      const settled = await Promise.allSettled(
        context.judges.map((judge) => askJudge(judge, prompt, rubric, context)),
      );
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      const records = settled.map((outcome) => (outcome as PromiseFulfilledResult<JudgeOutcome>).value);
      const annotation: JuryAnnotation = { prompt_text: prompt };
      const judges: Record<string, JudgeReplyRecord> = {};
      context.judges.forEach((judge, index) => {
        const { record, verdict } = records[index] as JudgeOutcome;
        if (record.valid) annotation[judge.name] = verdict;
        judges[judge.name] = record;
      });
      annotation[MEDHELM_ANNOTATION_KEY] = { emptyCompletion: false, judges };
      return annotation;
    },
  });
}

interface JudgeOutcome {
  record: JudgeReplyRecord;
  verdict: unknown;
}

async function askJudge(
  judge: JudgeV1,
  prompt: string,
  rubric: JuryRubric,
  context: AnnotatorContextV1,
): Promise<JudgeOutcome> {
  // A call that fails (after its retries) throws: the judge was not asked, and the instance fails.
  const result = await judge.generate(
    judgeRequest(prompt),
    context.signal === undefined ? undefined : { signal: context.signal },
  );
  const reply = result.completions[0]?.text ?? '';
  const usage = { promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens };
  const parsed = parseJudgeReply(reply, rubric);
  return {
    verdict: parsed.valid ? parsed.verdict : undefined,
    record: {
      helmModel: judge.helmModel,
      reply,
      valid: parsed.valid,
      reason: parsed.valid ? null : parsed.reason,
      repaired: parsed.valid ? parsed.repaired : false,
      schemaValid: parsed.schemaValid,
      schemaReason: parsed.schemaReason ?? null,
      usage,
    },
  };
}

/**
 * The judges' replies recorded in a jury annotation (`_medhelm.judges`): whether HELM could use
 * each, and why not. An annotation without our records (imported from HELM, or an empty
 * completion) has none.
 */
function judgeReplyChecks(annotation: unknown): JudgeReplyCheckV1[] {
  const extras = isRecord(annotation) ? annotation[MEDHELM_ANNOTATION_KEY] : undefined;
  const judges = isRecord(extras) ? extras.judges : undefined;
  if (!isRecord(judges)) return [];
  return Object.entries(judges).flatMap(([judge, record]): JudgeReplyCheckV1[] => {
    if (!isRecord(record) || typeof record.valid !== 'boolean') return [];
    // Records of runs before judge call failures failed the instance: such a call was no reply.
    if (record.callFailed === true) return [];
    return [
      record.valid
        ? { judge, valid: true }
        : {
            judge,
            valid: false,
            reason: typeof record.reason === 'string' ? record.reason : 'invalid reply',
          },
    ];
  });
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether Python's `not text.strip()` holds: every character is Python whitespace (`str.isspace`). */
/** HELM's `_interpolate_prompt`: the raw input, the completion and the first reference's text. */
function judgePromptOf(rubric: JuryRubric, instance: IdentifiedInstance, completion: string): string {
  return renderJudgePrompt(rubric.promptTemplate, {
    QUESTION: instance.input.text,
    RESPONSE: completion,
    GOLD_RESPONSE: instance.references[0]?.output.text ?? '',
  });
}

export function isPythonBlank(text: string): boolean {
  for (const char of text) {
    if (!PYTHON_WHITESPACE.has(char.codePointAt(0) as number)) return false;
  }
  return true;
}

// Python's str.isspace(): bidirectional class WS, B or S, or category Zs (Unicode 14/15).
const PYTHON_WHITESPACE = new Set<number>([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
