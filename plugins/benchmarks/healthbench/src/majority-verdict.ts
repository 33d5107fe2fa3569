/**
 * The jury variant's rule for one rubric item: met when more of the judges' usable verdicts say met
 * than say not met (a tie is not met); undefined when no judge gave a usable verdict. Not
 * simple-evals' rule (it has one grader), so a jury's scores are not comparable with OpenAI's.
 */
export function majorityVerdict(verdicts: ReadonlyArray<boolean | undefined>): boolean | undefined {
  const usable = verdicts.filter((verdict) => verdict !== undefined);
  if (usable.length === 0) return undefined;
  const met = usable.filter((verdict) => verdict).length;
  return met > usable.length - met;
}
