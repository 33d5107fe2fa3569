import type { BenchmarkV1, HelmObjectSpec } from '@medhelm/core';
import { groupByRunEntry } from './prompt-vectors.ts';
import { readJsonLinesFile } from './read-cases.ts';
import { runEntryInstances } from './run-entry-instances.ts';
import type { FamilyResult } from './run-family.ts';

/** A line of `jury_prompts/<benchmark>.jsonl` (see the "Judge prompts" section of prompts/README.md). */
export interface JudgePromptVector {
  /** The run entry that produced the line (gated and private benchmarks); ids restart per entry. */
  run_entry?: string;
  instance_id: string;
  completion: string;
  judge_prompt: string;
  /** The HELM annotator class that built the prompt. */
  annotator: string;
  /** The requests HELM sent the judges, in order (each judge's model and deployment). */
  judge_requests?: { model: string; model_deployment: string }[];
}

/**
 * Checks a benchmark's judge prompts against HELM's: loads its instances from the upstream files in
 * `dataDirectory`, and for each vector asks the benchmark's judge annotator (`judgePrompt`) for the
 * prompt its judges would get for the vector's completion on the instance with the vector's id, byte
 * for byte. Where the annotator has a HELM spec, the vector's annotator class must be the spec's and
 * the judges it asked must be the spec's `annotator_models`, in order.
 */
export async function checkJudgePromptVectors(
  benchmark: BenchmarkV1,
  options: { vectorsFile: string; dataDirectory: string },
): Promise<FamilyResult> {
  const family = `jury_prompts/${benchmark.id}`;
  const vectors = readJsonLinesFile<JudgePromptVector>(options.vectorsFile);
  const result: FamilyResult = { family, passed: 0, failed: 0, failures: [] };
  const fail = (line: number, message: string) => {
    result.failed++;
    result.failures.push({ family, line, message });
  };
  for (const group of groupByRunEntry(vectors)) {
    let run: Awaited<ReturnType<typeof runEntryInstances>>;
    try {
      run = await runEntryInstances(benchmark, {
        dataDirectory: options.dataDirectory,
        ...(group.runEntry === undefined ? {} : { runEntry: group.runEntry }),
      });
    } catch (error) {
      for (const { line } of group.lines)
        fail(line, `cannot load ${options.dataDirectory}: ${(error as Error).message}`);
      continue;
    }
    // The configured benchmark's annotator: its judge prompt may depend on the entry's arguments.
    const annotator = run.benchmark.annotators?.find((candidate) => candidate.judgePrompt !== undefined);
    const byId = new Map(run.instances.map(({ instance }) => [instance.id, instance]));
    for (const { line, vector } of group.lines) {
      if (annotator?.judgePrompt === undefined) {
        fail(line, `${benchmark.id} has no annotator that builds judge prompts`);
        continue;
      }
      const instance = byId.get(String(vector.instance_id));
      if (instance === undefined) {
        fail(line, `no instance ${vector.instance_id} in ${options.dataDirectory}`);
        continue;
      }
      const prompt = annotator.judgePrompt({ instance, completion: vector.completion });
      const problem =
        prompt === vector.judge_prompt
          ? annotatorProblem(annotator.helmAnnotatorSpec, vector)
          : describeDifference(prompt, vector.judge_prompt);
      if (problem === undefined) result.passed++;
      else fail(line, `instance ${vector.instance_id}: ${problem}`);
    }
  }
  return result;
}

/** How the vector's annotator class or judges differ from the annotator's HELM spec; undefined when they agree. */
function annotatorProblem(spec: HelmObjectSpec | undefined, vector: JudgePromptVector): string | undefined {
  if (spec === undefined) return undefined;
  if (vector.annotator !== spec.class_name)
    return `annotator ${spec.class_name}, but HELM's was ${vector.annotator}`;
  if (vector.judge_requests === undefined) return undefined;
  const judges = (models: unknown) =>
    Object.values((models ?? {}) as Record<string, { model_name: string; model_deployment: string }>).map(
      (judge) => `${judge.model_name} (${judge.model_deployment})`,
    );
  const ours = judges(spec.args.annotator_models).join(', ');
  const helms = vector.judge_requests
    .map((request) => `${request.model} (${request.model_deployment})`)
    .join(', ');
  return ours === helms ? undefined : `judges ${ours}, but HELM asked ${helms}`;
}

function describeDifference(ours: string | undefined, expected: string): string {
  if (ours === undefined) return 'our annotator would ask no judge for this completion';
  let at = 0;
  while (at < ours.length && at < expected.length && ours[at] === expected[at]) at++;
  return `judge prompts differ at character ${at}: expected ${JSON.stringify(expected.slice(at, at + 40))}, got ${JSON.stringify(ours.slice(at, at + 40))}`;
}
