import { benchmarkName } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { usdFromPicoUsd } from '@medhelm/model-config';
import type { ExecutionTally } from '../execute/execution-tally.ts';
import type { JudgeDeployment } from '../execute/judge-deployment.ts';
import type { InvocationContext } from '../invocation-context.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { DataFileRecorder } from '../provenance/data-file-recorder.ts';
import type { RunDataProvenance } from '../provenance/run-data-provenance.ts';
import { runProvenance } from '../provenance/run-provenance.ts';
import type { JudgeReplyTally, RunOutcome } from '../run-outcome.ts';
import type { EvalSelection } from '../select/select-eval-instances.ts';
import { runDataSource } from '../select/select-run-instances.ts';
import type { WrittenRun } from '../write/write-run-directory.ts';
import { extraStatsOf } from './extra-stats-of.ts';
import { headlineOf } from './headline-of.ts';
import { priceSourceOf } from './price-source-of.ts';

/** What a run's outcome says whether or not its directory was written. */
export type RunOutcomeBase = Omit<
  RunOutcome,
  'runDirectory' | 'scoringFailures' | 'usage' | 'headline' | 'extraStats' | 'juryReplies' | 'provenance'
>;

/** The part of a run's outcome its execution decides: counts, cost, failures, warnings, data. */
export function runOutcomeBase(args: {
  plan: RunPlan;
  context: InvocationContext;
  selection: EvalSelection;
  tally: ExecutionTally;
  warnings: readonly string[];
  interrupted: boolean;
}): RunOutcomeBase {
  const { plan, context, tally, interrupted } = args;
  const { needsJudges, juryRuns } = juryOf(plan, context);
  const price = plan.deployment.price;
  const { counts } = tally;
  return {
    plan,
    interrupted,
    ...(interrupted
      ? { stoppedBy: context.stoppedForCost() ? ('max-cost' as const) : ('signal' as const) }
      : {}),
    usageBySource: tally.usageBySource,
    cost: {
      candidateUsd: price === undefined ? undefined : usdOf(tally.candidatePicoUsd ?? '0'),
      judgeUsd: !juryRuns ? 0 : tally.judgePicoUsd === null ? undefined : usdOf(tally.judgePicoUsd),
      ...(juryRuns && tally.judgePicoUsd === null ? { unpricedJudges: unpricedJudges(context.judges) } : {}),
      jury: !needsJudges ? ('none' as const) : !juryRuns ? ('skipped' as const) : ('ran' as const),
      judgeUsage: tally.judgeUsage,
      ...(price === undefined ? {} : { priceSource: priceSourceOf(price) }),
      ...batchOf(
        plan.deployment.batch === true,
        juryRuns && context.judges.some((judge) => judge.deployment.batch === true),
      ),
    },
    failures: tally.failures,
    // Each annotator's own warning (e.g. scores not comparable with the published ones).
    warnings: [
      ...args.warnings,
      ...(plan.benchmark.annotators ?? []).flatMap((annotator) => annotator.runWarning ?? []),
    ],
    data: dataProvenanceOf(plan, context.dataSource),
    counts: {
      available: args.selection.availableCount,
      selected: args.selection.selectedCount,
      completed: 0,
      fromModel: counts.model,
      fromCache: counts.cache,
      fromCheckpoint: counts.checkpoint,
      failed: counts.failed,
    },
  };
}

/** The outcome of a run stopped before its directory was written: no numbers. */
export function interruptedRunOutcome(base: RunOutcomeBase): RunOutcome {
  return {
    ...base,
    scoringFailures: [],
    usage: { promptTokens: 0, completionTokens: 0, estimated: false },
    headline: headlineOf(base.plan.benchmark, undefined),
    extraStats: extraStatsOf(base.plan, undefined),
  };
}

/**
 * The outcome of a run whose directory was written: its numbers, the jury's replies (with the
 * warnings they call for) and its provenance (digesting its data files and its own files).
 */
export async function writtenRunOutcome(args: {
  base: RunOutcomeBase;
  context: InvocationContext;
  selection: EvalSelection;
  written: WrittenRun;
  dataFiles: DataFileRecorder;
}): Promise<RunOutcome> {
  const { base, context, selection, written } = args;
  const { plan } = base;
  const juryReplies = withInvalidReplyNote(written.judgeReplies.finish(context.maxInvalidJudgeReplies), plan);
  const source = runDataSource(plan, context.dataSource);
  const provenance = await runProvenance({
    plan,
    invocation: context.provenance,
    judges: juryOf(plan, context).juryRuns ? judgesWithServers(plan, context) : undefined,
    data: base.data,
    files: await args.dataFiles.describe({
      ...(source.kind === 'directory' ? { root: source.path } : {}),
      instancesUsed: selection.selectedCount,
    }),
    instances: { available: selection.availableCount, used: selection.selectedCount },
    runDirectory: written.runDirectory,
  });
  return {
    ...base,
    provenance,
    warnings: [...base.warnings, ...juryWarnings(benchmarkName(plan.benchmark), juryReplies)],
    ...(juryReplies === undefined ? {} : { juryReplies }),
    counts: { ...base.counts, completed: written.completedCount },
    runDirectory: written.runDirectory,
    scoringFailures: written.scoringFailures,
    usage: written.usage,
    headline: headlineOf(plan.benchmark, written.stats),
    extraStats: extraStatsOf(plan, written.stats),
  };
}

/** Whether the run's benchmark has a jury, and whether it runs (judges are configured). */
export function juryOf(
  plan: RunPlan,
  context: Pick<InvocationContext, 'judges'>,
): { needsJudges: boolean; juryRuns: boolean } {
  const needsJudges = (plan.benchmark.annotators ?? []).some((annotator) => annotator.needsJudges);
  return { needsJudges, juryRuns: needsJudges && context.judges.length > 0 };
}

/**
 * The judges' deployments without a known price: the jury's spend became unknown because one of
 * them was called (a judge's cached answers cost nothing and never make it unknown).
 */
function unpricedJudges(judges: readonly JudgeDeployment[]): string[] {
  return [
    ...new Set(
      judges
        .filter(({ deployment }) => deployment.price === undefined)
        .map(({ deployment }) => deployment.helmDeployment),
    ),
  ];
}

function usdOf(picoUsd: string): number {
  return usdFromPicoUsd(BigInt(picoUsd));
}

/**
 * Where the run's data comes from, and whether it is invented. A loader that reads only what its
 * package ships (`packagedPath`) or what the user's config names (no files of its own, e.g. a
 * user-defined benchmark's CSV) reads the same data whatever the data source; its
 * `sampleInvented` then says whether that data is invented.
 */
function dataProvenanceOf(plan: RunPlan, dataSource: DataSource): RunDataProvenance {
  const { dataset } = plan.benchmark;
  // A rescore's instances are the finished run's, whatever data the scorers may read.
  if (plan.rescoredFrom !== undefined)
    return { source: 'stored-run', invented: dataset.sampleInvented ?? null };
  const source = runDataSource(plan, dataSource);
  const reads = dataset.files.filter((file) => file.optional !== true && file.alternativeTo === undefined);
  const ownData =
    (dataset.folders ?? []).length === 0 && reads.every((file) => file.packagedPath !== undefined);
  if (ownData && (reads.length === 0 || source.kind !== 'directory')) {
    return {
      source: reads.length === 0 ? 'user-config' : 'packaged',
      invented: dataset.sampleInvented ?? null,
    };
  }
  if (source.kind === 'sample') return { source: 'sample', invented: dataset.sampleInvented ?? null };
  return { source: source.kind === 'directory' ? 'data-dir' : 'download', invented: false };
}

/** The tally with what the run's annotator says becomes of an invalid reply, when it says. */
function withInvalidReplyNote(
  tally: JudgeReplyTally | undefined,
  plan: RunPlan,
): JudgeReplyTally | undefined {
  const note = (plan.benchmark.annotators ?? []).find(
    (annotator) => annotator.judgeReplies !== undefined && annotator.invalidReplyNote !== undefined,
  )?.invalidReplyNote;
  return tally === undefined || note === undefined ? tally : { ...tally, invalidReplyNote: note };
}

/**
 * The warnings of a run's jury: completions no judge was asked about (empty), and invalid replies
 * per judge. HELM scores an instance with no usable judge reply with the metric's default (1.0
 * for MedHELM), so both must be seen beside the headline.
 */
function juryWarnings(benchmarkId: string, tally: JudgeReplyTally | undefined): string[] {
  if (tally === undefined) return [];
  const unjudged =
    tally.unjudgedInstances === 0
      ? []
      : [
          `${benchmarkId}: ${tally.unjudgedInstances} completion${tally.unjudgedInstances === 1 ? ' was' : 's were'} empty, so no judge was asked; HELM scores ${tally.unjudgedInstances === 1 ? 'it' : 'them'} with the metric's default score (the headline counts ${tally.unjudgedInstances === 1 ? 'it' : 'them'}, the corrected value does not).`,
        ];
  if (tally.invalid === 0) return unjudged;
  const byJudge = Object.entries(tally.judges)
    .filter(([, count]) => count.invalid > 0)
    .map(
      ([judge, count]) =>
        `${judge} ${count.invalid} of ${count.total} (first: ${count.firstInvalidReason ?? 'invalid reply'})`,
    );
  const share = tally.invalid / tally.total;
  const verdict =
    share > tally.limit
      ? `more than the ${percent(tally.limit)} allowed, so the run fails (raise --max-invalid-judge-replies to accept it)`
      : `within the ${percent(tally.limit)} allowed (--max-invalid-judge-replies)`;
  // The annotator's own rule (e.g. HealthBench's grader is asked again), else HELM's.
  const handling =
    tally.invalidReplyNote === undefined
      ? `HELM leaves an unusable reply out of the score; ${helmDefaulted(tally)}`
      : `${tally.invalidReplyNote.charAt(0).toUpperCase()}${tally.invalidReplyNote.slice(1)}`;
  return [
    ...unjudged,
    `${benchmarkId}: ${tally.invalid} of ${tally.total} judge replies (${percent(share)}) could not be used – ${byJudge.join('; ')}. ${handling}. That is ${verdict}.`,
  ];
}

/** What HELM's jury did with the instances left without a usable reply. */
function helmDefaulted(tally: JudgeReplyTally): string {
  return tally.instancesWithoutValidReply === 0
    ? 'no instance was left without one'
    : `${tally.instancesWithoutValidReply} instance${tally.instancesWithoutValidReply === 1 ? ' was' : 's were'} left without one and scored with the metric's default (the headline counts ${tally.instancesWithoutValidReply === 1 ? 'it' : 'them'}, the corrected value does not)`;
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}

/**
 * The run's judges with the server each calls: its deployment's base URL, else the one its model
 * reports (a provider's default, e.g. api.anthropic.com).
 */
function judgesWithServers(
  plan: RunPlan,
  context: InvocationContext,
): Array<JudgeDeployment & { baseUrl: string | undefined }> {
  return context.judges.map((judge) => ({
    ...judge,
    baseUrl:
      judge.deployment.baseUrl ??
      context.pool.get(judge.deployment, judge.deployment.limits?.concurrency ?? plan.concurrency).model
        .cacheIdentity.baseUrl,
  }));
}

/** `batch` of a run's cost: which of its calls were billed at a batch rate, when any were. */
function batchOf(candidate: boolean, jury: boolean): { batch?: { candidate: boolean; jury: boolean } } {
  return candidate || jury ? { batch: { candidate, jury } } : {};
}
