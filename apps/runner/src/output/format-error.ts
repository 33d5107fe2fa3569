import { MedHelmError } from '@medhelm/core';

/** Renders an error for the terminal: the message, the hint, and the causes' messages. */
export function formatError(error: unknown): string {
  const lines = [`error: ${error instanceof Error ? error.message : String(error)}`];
  const addHint = (hint: string | undefined) => {
    if (hint && !lines.some((line) => line.includes(hint))) lines.push(`  hint: ${hint}`);
  };
  addHint(MedHelmError.isInstance(error) ? error.hint : undefined);
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < 3; depth++) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (!lines.some((line) => line.includes(message))) lines.push(`  caused by: ${message}`);
    addHint(MedHelmError.isInstance(cause) ? cause.hint : undefined);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return `${lines.join('\n')}\n`;
}
