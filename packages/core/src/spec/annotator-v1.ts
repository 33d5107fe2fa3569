import type { GenerationResult } from '../schemas/completion.ts';
import type { HelmObjectSpec } from '../schemas/helm-spec.ts';
import type { IdentifiedInstance } from '../schemas/instance.ts';
import type { GenerationRequest } from '../schemas/request.ts';
import type { SpecificationVersionV1 } from './access-tier.ts';
import type { DatasetFileV1 } from './dataset-loader-v1.ts';

/**
 * One judge of an LLM jury, as the engine hands it to an annotator: a configured model deployment
 * behind the same request cache, rate limiter and retries as candidate calls, billed as jury spend.
 */
export interface JudgeV1 {
  /**
   * The judge's key in HELM's `annotator_models` (`gpt`, `llama`, `claude` by default): its verdict
   * is stored under this name and the jury metric reads it from there.
   */
  readonly name: string;
  /** The HELM model name of the deployment that answers for this judge, for reports. */
  readonly helmModel: string;
  /**
   * Asks the judge; throws when the call fails after its retries (the error names the judge). An
   * annotator lets the error through: a judge that could not be asked fails the instance, which
   * the next run retries; it is never scored as if the judge had answered.
   */
  generate(request: GenerationRequest, options?: { signal?: AbortSignal }): Promise<GenerationResult>;
  /**
   * Asked only by the annotators that name it in `judgeNames`, never as one of "every judge of the
   * run": the run's grader (`--grader`, named {@link GRADER_JUDGE_NAME}) is no juror of the
   * MedHELM jury. Absent: false.
   */
  readonly namedOnly?: boolean;
}

/**
 * The judge name of a run's grader (`medhelm run --grader <deployment>`): one deployment that an
 * annotator asks by this name (`judgeNames: [GRADER_JUDGE_NAME]`), e.g. HealthBench's rubric grader.
 */
export const GRADER_JUDGE_NAME = 'grader';

/** Whether one judge's reply, in an annotation, could be used (HELM's verdict), and why not. */
export interface JudgeReplyCheckV1 {
  /** The judge's name (`JudgeV1.name`). */
  readonly judge: string;
  /** False when the reply arrived but could not be used (no JSON, a missing criterion, ...). */
  readonly valid: boolean;
  /** Why it could not be used; absent for a valid reply. */
  readonly reason?: string;
}

/** Everything an annotator gets for one completed instance. */
export interface AnnotateInputV1 {
  instance: IdentifiedInstance;
  /** The candidate request that was sent. */
  request: GenerationRequest;
  /** The candidate model's result. */
  result: GenerationResult;
  /** The first completion's raw text. */
  completion: string;
  /** The run's file resolver (see `ScoreInputV1.resolveFile`). */
  resolveFile?(file: DatasetFileV1): Promise<string>;
}

/** What the engine provides to annotators for a run. */
export interface AnnotatorContextV1 {
  /** The jury's judges, in configuration order; empty when no judges are configured. */
  judges: readonly JudgeV1[];
  signal?: AbortSignal;
}

/**
 * HELM's Annotator: adds judgements to a completed instance before it is scored (EHRSQL's SQL
 * execution, the LLM jury's verdicts). The engine runs a benchmark's annotators once per completed
 * instance, keeps their annotations with the instance's checkpoint (a resumed run pays for no judge
 * twice), hands them to scorers as `ScoreInputV1.annotations[id]`, and writes them to
 * scenario_state.json as HELM does.
 */
export interface AnnotatorV1 {
  readonly specificationVersion: SpecificationVersionV1;
  /** HELM's annotator name: the key of its annotation (e.g. `aci_bench`, `ehr_sql`). */
  readonly id: string;
  /** The HELM AnnotatorSpec written to run_spec.json's `annotators`. */
  readonly helmAnnotatorSpec?: HelmObjectSpec;
  /**
   * Whether it calls judges. When a run has none configured the engine does not call it; the
   * instance then has no annotation from it and the run says the jury was skipped.
   */
  readonly needsJudges: boolean;
  /**
   * The run's judges it asks, by name, in this order (a user-defined benchmark's own jury); a run
   * whose judges lack one of them is refused before any request. Absent: every judge of the run.
   */
  readonly judgeNames?: readonly string[];
  /**
   * The annotation: any JSON-serializable value. Throwing fails the instance (HELM stops when an
   * annotator raises): it is reported with the error and retried by the next run.
   */
  annotate(input: AnnotateInputV1, context: AnnotatorContextV1): Promise<unknown>;
  /**
   * The judges' replies in an annotation this annotator made, one check per judge asked (none for
   * an instance no judge was asked about, e.g. an empty completion). The engine counts invalid
   * replies per judge and run, warns about them, and fails the run when too many are invalid
   * (HELM scores an instance whose judges all replied unusably with the metric's default).
   */
  judgeReplies?(annotation: unknown): readonly JudgeReplyCheckV1[];
  /**
   * What becomes of its judges' invalid replies, as a clause the run's warning and `medhelm
   * summarize`'s "!" note append (e.g. "each was asked again ..."), so that they describe this
   * annotator and not HELM's jury. Absent: HELM's rule (an unusable reply is left out of the score,
   * and an instance with none usable gets the metric's default, 1.0 for MedHELM).
   */
  readonly invalidReplyNote?: string;
  /**
   * A warning every run that has this annotator carries (in its warnings and medhelm_run.json),
   * e.g. that its scores are not comparable with the published ones. Absent: none.
   */
  readonly runWarning?: string;
  /**
   * The prompt this annotator's judges get for `completion` (undefined when no judge would be asked,
   * e.g. for an empty completion), without calling anyone: for conformance checks against HELM's
   * judge prompts and for previews.
   */
  judgePrompt?(input: { instance: IdentifiedInstance; completion: string }): string | undefined;
  /**
   * The judge requests `annotate` would send for `completion`, each with the name of the judge it
   * goes to, without calling anyone: `medhelm run --estimate` adds them to a run's judge spend
   * (first attempts only). Absent: the estimate counts no judge call for this annotator.
   */
  estimateJudgeRequests?(input: {
    instance: IdentifiedInstance;
    request: GenerationRequest;
    completion: string;
    /** The names of the run's judges it would be handed (for an annotator that asks every judge). */
    judges?: readonly string[];
  }): ReadonlyArray<{ readonly judge: string; readonly request: GenerationRequest }>;
  /**
   * How every judge is asked (the prompt template before it is filled in, and the request's
   * temperature and max tokens): recorded in each run's provenance, so a result says which jury
   * setting produced it.
   */
  readonly judgeSettings?: {
    readonly promptTemplate: string;
    readonly temperature: number;
    readonly maxTokens: number;
  };
}
