import { ConfigError, DatasetLoadError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatError } from './format-error.ts';

/** A row validator's error, as @medhelm/datasets' parseRow throws it: zod's error is the cause. */
function badRowError(): DatasetLoadError {
  const result = z.object({ answer_idx: z.enum(['A', 'B']) }).safeParse({ answer_idx: 'Z' });
  if (result.success) throw new Error('expected the row to fail');
  return new DatasetLoadError(`${result.error.issues[0]?.message} (got "Z")`, {
    cause: result.error,
    location: { file: 'medbullets_op5.csv', line: 6, field: 'answer_idx' },
    hint: 'Correct that row.',
  });
}

describe('formatError', () => {
  it('prints a bad row as its message and its fix, never the zod error behind it', () => {
    const error = badRowError();
    const text = formatError(error);
    expect(text).toBe(`error: ${error.message}\n  hint: Correct that row.\n`);
    expect(error.message).toMatch(/^medbullets_op5\.csv, line 6, field "answer_idx": .+ \(got "Z"\)$/);
    expect(text).not.toContain('"code"');
  });

  it('prints the cause chain, a zod error as one line per issue, with --verbose', () => {
    const text = formatError(badRowError(), { verbose: true });
    expect(text).toMatch(/\n {2}caused by: ZodError: 1 issue\n {4}- answer_idx: .+\n$/);
  });

  it('says --verbose shows a cause that tells more than the message, and shows it there', () => {
    const error = new ConfigError('Run config c.yaml: cannot be read (EACCES).', {
      cause: new Error('EACCES: permission denied, open c.yaml'),
      hint: 'Check its permissions.',
    });
    expect(formatError(error)).toBe(
      'error: Run config c.yaml: cannot be read (EACCES).\n  hint: Check its permissions.\n  (run again with --verbose for the cause)\n',
    );
    const verbose = formatError(error, { verbose: true });
    expect(verbose).toContain('  caused by: Error: EACCES: permission denied, open c.yaml\n');
    // Not a MedHELM error: where it was thrown, for a bug report.
    expect(verbose).toMatch(/\n {4}at .+format-error\.test\.ts/);
  });

  it('prints the hint of a MedHELM error deeper in the chain once', () => {
    const inner = new ConfigError('inner problem', { hint: 'Do this.' });
    const outer = new ConfigError('outer problem: inner problem', { cause: inner, hint: 'Do this.' });
    expect(formatError(outer)).toBe('error: outer problem: inner problem\n  hint: Do this.\n');
  });

  it('offers the stack of an unexpected error (a bug) under --verbose', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(formatError(bug)).toBe(
      "error: Cannot read properties of undefined (reading 'x')\n  (run again with --verbose for the cause and stack)\n",
    );
    expect(formatError(bug, { verbose: true })).toMatch(/^error: .+\n {4}at /);
  });

  it('prints each cause of a chain that loops once', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    const text = formatError(new ConfigError('top', { cause: a }), { verbose: true });
    expect(text.match(/caused by: /g)).toHaveLength(2);
  });
});
