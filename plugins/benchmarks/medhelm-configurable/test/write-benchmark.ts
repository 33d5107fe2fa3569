import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes `files` (path relative to a new folder → content) and returns the folder. */
export function writeFiles(files: Readonly<Record<string, string>>): string {
  const folder = mkdtempSync(join(tmpdir(), 'medhelm-configurable-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), content);
  }
  return folder;
}

/** A YAML in HELM's format with `metrics` (a YAML block) and the other fields given. */
export function benchmarkYaml(fields: { name?: string; metrics?: string; extra?: string } = {}): string {
  return [
    `name: ${fields.name ?? 'MY-BENCHMARK'}`,
    'description: SYNTHETIC test benchmark.',
    'prompt_file: prompt.txt',
    'dataset_file: data.csv',
    'max_tokens: 3',
    'metrics:',
    fields.metrics ?? '  - name: exact_match',
    fields.extra ?? '',
  ].join('\n');
}

/** A judge prompt with HELM's placeholders, a `$$` and a two-criteria rubric block. */
export const JUDGE_PROMPT = `Judge this answer.
<QUESTION>{QUESTION}</QUESTION>
<RESPONSE>{RESPONSE}</RESPONSE>
<GOLD>{GOLD_RESPONSE}</GOLD>
Costs in $$ do not matter.
<rubric_criteria>
{"correctness": {"score": 0, "explanation": "Why."}, "clarity": {"score": 0, "explanation": "Why."}}
</rubric_criteria>
`;
