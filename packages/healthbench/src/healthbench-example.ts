import { parsePythonJson } from '@medhelm/json';
import type { HealthBenchMessage } from './grader-prompt.ts';
import type { HealthBenchRubricItem } from './rubric-item.ts';
import type { SelectableExample } from './select-examples.ts';

/** One line of a HealthBench data file, as simple-evals reads it (`canary` is never read). */
export interface HealthBenchExample extends SelectableExample {
  readonly prompt_id: string;
  readonly prompt: readonly HealthBenchMessage[];
  readonly rubrics: readonly HealthBenchRubricItem[];
  readonly example_tags: readonly string[];
}

/** A data line that is not JSON, or lacks a field simple-evals reads. */
export class HealthBenchDataError extends Error {
  override readonly name = 'HealthBenchDataError';
}

/**
 * `[json.loads(line) for line in f]` over a HealthBench file: one example per `\n`-terminated
 * line, parsed with Python's JSON semantics (so U+2028 inside a line is no line break, and
 * `NaN` is a number), each checked for the fields the reference reads.
 */
export function parseHealthBenchLines(text: string, fileName: string): HealthBenchExample[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line, index) => {
    const where = `${fileName}, line ${index + 1}`;
    const result = parsePythonJson(line);
    if (!result.ok) throw new HealthBenchDataError(`${where}: not JSON (${result.error.message})`);
    return checkedExample(result.value, where);
  });
}

function checkedExample(value: unknown, where: string): HealthBenchExample {
  const example = value as Partial<HealthBenchExample> | null;
  const problem =
    example === null || typeof example !== 'object' || Array.isArray(example)
      ? 'not an object'
      : typeof example.prompt_id !== 'string'
        ? '"prompt_id" is not a string'
        : !isMessageList(example.prompt)
          ? '"prompt" is not a list of {role, content} strings'
          : !isRubric(example.rubrics)
            ? '"rubrics" is not a list of {criterion, points, tags}'
            : !isStringList(example.example_tags)
              ? '"example_tags" is not a list of strings'
              : undefined;
  if (problem !== undefined) throw new HealthBenchDataError(`${where}: ${problem}`);
  return example as HealthBenchExample;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isMessageList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (message) =>
        typeof message === 'object' &&
        message !== null &&
        typeof message.role === 'string' &&
        typeof message.content === 'string',
    )
  );
}

function isRubric(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.criterion === 'string' &&
        typeof item.points === 'number' &&
        isStringList(item.tags),
    )
  );
}
