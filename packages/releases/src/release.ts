import { z } from 'zod';

const text = z.string().min(1);

const releaseSchema = z.strictObject({
  $comment: z.string().optional(),
  name: text.regex(/^v\d+\.\d+\.\d+$/, 'must be a release name such as v2.0.0'),
  description: text,
  helmCommit: text.regex(/^[0-9a-f]{40}$/, 'must be a full git commit hash'),
  benchmarks: z
    .array(z.strictObject({ id: text, version: text }))
    .min(1)
    .refine((benchmarks) => new Set(benchmarks.map((benchmark) => benchmark.id)).size === benchmarks.length, {
      message: 'must name each benchmark once',
    }),
  jury: z.array(z.strictObject({ name: text, helmModel: text, deployment: text })).min(1),
});

/**
 * A MedHELM release: the benchmarks it holds, each at the version (`BenchmarkV1.version`) whose
 * numbers it stands for, the HELM commit those versions reproduce, and the LLM jury its jury
 * benchmarks are judged by (judge name, HELM model, the built-in deployment that serves it).
 */
export type Release = z.infer<typeof releaseSchema>;

/** Checks a release file's JSON; a broken one names its field (a defect of this package). */
export function readRelease(json: unknown, file: string): Release {
  const parsed = releaseSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new Error(`@medhelm/releases: ${file} is not a release: ${problems.join('; ')}`);
}
