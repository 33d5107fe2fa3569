import { ConfigError } from '@medhelm/core';

/** One reason an invocation cannot start, found before any request: what is wrong, and the fix. */
export interface PreflightProblem {
  message: string;
  hint?: string;
}

/**
 * One ConfigError for every problem found before the first request, so the user fixes them all
 * at once: a single problem reads as before (message, then its fix as the hint); several are
 * numbered, each with its fix. Always says that nothing was sent.
 */
export function preflightError(problems: readonly PreflightProblem[]): ConfigError {
  const [first] = problems;
  if (problems.length === 1 && first !== undefined) {
    return new ConfigError(
      `${first.message} Nothing was sent.`,
      first.hint === undefined ? {} : { hint: first.hint },
    );
  }
  const lines = problems.map((problem, index) => `  ${index + 1}. ${problem.message}`);
  // Problems with the same fix (three judges without a base URL) share one line of it.
  const fixes = new Map<string, number[]>();
  problems.forEach((problem, index) => {
    if (problem.hint !== undefined) fixes.set(problem.hint, [...(fixes.get(problem.hint) ?? []), index + 1]);
  });
  const fixLines = [...fixes].map(([hint, numbers]) => `Fix for ${numbers.join(', ')}: ${hint}`);
  return new ConfigError(
    `${problems.length} problems stop these runs; nothing was sent:\n${[...lines, ...fixLines].join('\n')}`,
  );
}
