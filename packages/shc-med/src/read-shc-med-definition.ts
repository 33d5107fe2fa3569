import { fileURLToPath } from 'node:url';
import { type BenchmarkCard, readPluginJson } from '@medhelm/benchmark-recipes';
import { z } from 'zod';
import type { ShcMedBenchmarkDefinition } from './shc-med-benchmark-definition.ts';

/** Where an SHC plugin keeps what sets it apart: {@link readShcMedDefinition}. */
export const SHC_MED_DEFINITION_FILE = 'src/shc-med.json';

const text = z.string().min(1, 'must be a non-empty string');

const shcMedDefinitionSchema = z.strictObject({
  $comment: z.string().optional(),
  file: text.regex(/^[^/\\]+\.csv$/, 'must be a CSV file name (no folder)'),
  choices: z.array(text.regex(/^[A-Z]$/, 'must be one capital letter')).min(2),
  prompt: z.strictObject({
    questionColumn: text.optional(),
    preamble: z.string().optional(),
    lead: z.string().optional(),
    answer: z.string().optional(),
    counterPrefix: z.string().optional(),
    skipEmptyLabels: z.boolean().optional(),
  }),
});

/**
 * An SHC benchmark's definition: its card, and its `src/shc-med.json` (the CSV's name, HELM's
 * answer choices and how the scenario words its prompt) checked with the file's sample at
 * `data/<file>` beside the module at `moduleUrl`'s parent. A malformed file is a PluginLoadError
 * naming the package, the file and each field.
 */
export function readShcMedDefinition(
  json: unknown,
  card: BenchmarkCard,
  moduleUrl: string,
): ShcMedBenchmarkDefinition {
  const { file, choices, prompt } = readPluginJson(shcMedDefinitionSchema, json, {
    packageName: `@medhelm/benchmark-${card.id.replaceAll('_', '-')}`,
    file: SHC_MED_DEFINITION_FILE,
    what: 'an SHC benchmark definition',
    documentedIn: "@medhelm/shc-med's README",
  });
  return {
    card,
    file: { name: file, samplePath: fileURLToPath(new URL(`../data/${file}`, moduleUrl)) },
    choices,
    prompt,
  };
}
