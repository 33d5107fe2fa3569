import { MedHelmError } from '@medhelm/core';

/** How much of an error the terminal gets: the message and its fix, or everything (`--verbose`). */
export interface FormatErrorOptions {
  /** `--verbose`: the cause chain, each cause's details (a zod error's issues) and stack traces. */
  verbose?: boolean;
}

/** How many causes deep `--verbose` follows a chain (a cycle must not print forever). */
const MAX_CAUSES = 5;

/**
 * Renders an error for the terminal. By default: `error: <message>` and the fix (`hint:`, from the
 * error and any MedHELM error in its cause chain), nothing else; a newcomer needs the one line that
 * says what is wrong and what to do, not a raw zod dump. When a cause would tell more than that
 * (a message not already said), one line says `--verbose` shows it. With `verbose`, every cause
 * follows, a zod error as one line per issue, with the stack of anything that is not a MedHELM
 * error (which is where a bug report starts).
 */
export function formatError(error: unknown, options: FormatErrorOptions = {}): string {
  const lines = [`error: ${messageOf(error)}`];
  const chain = causeChain(error);
  for (const hint of hintsOf([error, ...chain])) {
    if (!lines.some((line) => line.includes(hint))) lines.push(`  hint: ${hint}`);
  }
  if (options.verbose) {
    if (!MedHelmError.isInstance(error)) lines.push(...stackLines(error));
    for (const cause of chain) lines.push(...causeLines(cause));
  } else if (!MedHelmError.isInstance(error) || chain.some((cause) => saysMore(cause, lines))) {
    lines.push(
      `  (run again with --verbose for the cause${MedHelmError.isInstance(error) ? '' : ' and stack'})`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The errors behind `error`, nearest first (`Error.cause`), at most MAX_CAUSES of them. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let cause = error instanceof Error ? error.cause : undefined;
  while (cause !== undefined && chain.length < MAX_CAUSES && !chain.includes(cause)) {
    chain.push(cause);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return chain;
}

/** The fixes MedHELM errors in the chain carry, each once. */
function hintsOf(errors: readonly unknown[]): string[] {
  const hints = errors.flatMap((error) =>
    MedHelmError.isInstance(error) && error.hint !== undefined ? [error.hint] : [],
  );
  return [...new Set(hints)];
}

/**
 * Whether a cause says something the printed lines do not: a zod error whose issues' messages are
 * all in the message (a row validator's, say) adds nothing; an unrelated message does.
 */
function saysMore(cause: unknown, lines: readonly string[]): boolean {
  const issues = zodIssuesOf(cause);
  const messages = issues === undefined ? [messageOf(cause)] : issues.map((issue) => issue.message);
  return messages.some((message) => !lines.some((line) => line.includes(message)));
}

/** One cause under `--verbose`: its name and message (a zod error's issues one per line), its stack. */
function causeLines(cause: unknown): string[] {
  const name = cause instanceof Error ? `${cause.name}: ` : '';
  const issues = zodIssuesOf(cause);
  if (issues !== undefined) {
    return [
      `  caused by: ${name}${issues.length} issue${issues.length === 1 ? '' : 's'}`,
      ...issues.map(
        (issue) =>
          `    - ${issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.')}: ${issue.message}`,
      ),
    ];
  }
  const [first = '', ...rest] = messageOf(cause).split('\n');
  return [
    `  caused by: ${name}${first}`,
    ...rest.map((line) => `    ${line}`),
    ...(MedHelmError.isInstance(cause) ? [] : stackLines(cause)),
  ];
}

/** The stack frames of an error (without its message line), indented. */
function stackLines(error: unknown): string[] {
  if (!(error instanceof Error) || error.stack === undefined) return [];
  return error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => `    ${line.trim()}`);
}

/** A zod error's issues (duck-typed: zod may come from another copy of the package). */
function zodIssuesOf(
  error: unknown,
): Array<{ path: ReadonlyArray<PropertyKey>; message: string }> | undefined {
  if (!(error instanceof Error) || error.name !== 'ZodError') return undefined;
  const issues = (error as Error & { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.map((issue: { path?: unknown; message?: unknown }) => ({
    path: Array.isArray(issue.path) ? (issue.path as PropertyKey[]) : [],
    message: String(issue.message),
  }));
}
