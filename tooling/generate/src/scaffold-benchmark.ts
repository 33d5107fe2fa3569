import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type BenchmarkNames, benchmarkNames, folderForBenchmarkId } from './benchmark-names.ts';

/**
 * Writes plugins/benchmarks/<folder>/ for a new benchmark id: the hand-written part only (card,
 * benchmark, dataset, row mapping with its failing-until-filled test, sample, README);
 * `npm run generate` then adds the glue. Returns the package folder; refuses an existing one.
 */
export function scaffoldBenchmark(root: string, id: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(id)) {
    throw new Error(`"${id}" is not a benchmark id: use HELM's run spec name (lower case, digits, _).`);
  }
  const names = benchmarkNames(folderForBenchmarkId(id));
  const directory = join(root, 'plugins', 'benchmarks', names.folder);
  if (existsSync(directory)) throw new Error(`${directory} already exists.`);
  for (const [file, content] of Object.entries(scaffoldFiles(id, names))) {
    mkdirSync(dirname(join(directory, file)), { recursive: true });
    writeFileSync(join(directory, file), content);
  }
  return directory;
}

function scaffoldFiles(id: string, names: BenchmarkNames): Record<string, string> {
  const { folder } = names;
  return {
    'package.json': packageJsonStub(id, names),
    'README.md': readmeStub(names),
    'src/benchmark-card.json': cardStub(id, names),
    'data/sample.jsonl': `${JSON.stringify({ question: 'TODO: a sample question?', options: ['yes', 'no'], answer: 'yes' })}\n`,
    [`src/${folder}-benchmark.ts`]: benchmarkStub(id, names),
    [`src/${folder}-dataset.ts`]: datasetStub(names),
    [`src/${folder}-instance.ts`]: rowMappingStub(names),
    [`src/${folder}-instance.test.ts`]: rowMappingTestStub(names),
  };
}

/** The hand-kept package.json fields; \`npm run generate\` adds the rest. */
function packageJsonStub(id: string, { packageName }: BenchmarkNames): string {
  return `${JSON.stringify(
    {
      name: packageName,
      version: '0.0.0',
      description: `MedHELM ${id} benchmark: TODO say in one line what it asks and how HELM scores it.`,
      dependencies: {
        '@medhelm/benchmark-recipes': 'workspace:*',
        '@medhelm/datasets': 'workspace:*',
        zod: 'catalog:',
      },
    },
    null,
    2,
  )}\n`;
}

/** A README that says what to write. */
function readmeStub({ packageName }: BenchmarkNames): string {
  return `# ${packageName}

TODO: what the benchmark asks, where its data comes from (licence, how to obtain it) and how HELM
scores it. \`src/benchmark-card.json\` holds HELM's specification; \`data/sample.jsonl\` is the
bundled sample (say whether its rows are real or invented, as the card's \`data.sampleInvented\` does).
`;
}

/** A card that passes \`readBenchmarkCard\`, every text a TODO. */
function cardStub(id: string, { pascal }: BenchmarkNames): string {
  return `${JSON.stringify(
    {
      $comment:
        "HELM's MedHELM specification of this benchmark. TODO: fill every field from HELM's scenario and run spec.",
      id,
      displayName: 'TODO',
      description: 'TODO: the ScenarioMetadata description.',
      category: 'Clinical Decision Support',
      subcategory: 'TODO',
      data: {
        access: 'public',
        license: 'TODO',
        upstream: 'https://example.org/TODO',
        sampleInvented: true,
      },
      prompt: {
        instructions: 'TODO: the run spec instructions.',
        inputNoun: 'Question',
        outputNoun: 'Answer',
      },
      helm: {
        className: `helm.benchmark.scenarios.${id}_scenario.${pascal}Scenario`,
        description: 'TODO: the scenario class description, verbatim.',
        tags: [],
      },
    },
    null,
    2,
  )}\n`;
}

/** The benchmark: a multiple-choice card recipe over the dataset. */
function benchmarkStub(id: string, { folder, pascal, constant }: BenchmarkNames): string {
  return `import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { ${constant}_CARD } from './${folder}-card.ts';
import { create${pascal}Dataset } from './${folder}-dataset.ts';

/** The ${id} benchmark: a multiple-choice prompt from its card, scored with HELM's exact match. */
export function create${pascal}Benchmark(): BenchmarkV1 {
  return multipleChoiceBenchmark(${constant}_CARD, { dataset: create${pascal}Dataset() });
}
`;
}

/** The dataset: the bundled sample read line by line through the row mapping. */
function datasetStub({ folder, pascal, camel, constant }: BenchmarkNames): string {
  return `import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetFileV1, DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonLines } from '@medhelm/datasets';
import { ${constant}_CARD } from './${folder}-card.ts';
import { ${camel}Instance, ${camel}RowSchema } from './${folder}-instance.ts';

/** The file HELM downloads (TODO: its URL), with the bundled sample \`--sample\` runs read. */
export const ${constant}_FILE: DatasetFileV1 = {
  name: 'sample.jsonl',
  samplePath: fileURLToPath(new URL('../data/sample.jsonl', import.meta.url)),
};

/** Reads the file as HELM's scenario does and yields one instance per row, in file order. */
export function create${pascal}Dataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(${constant}_CARD),
    files: [${constant}_FILE],
    async *read(path) {
      for await (const { value, line } of readJsonLines(path)) {
        yield ${camel}Instance(parseRow(${camel}RowSchema, value, { file: path, line }));
      }
    },
  });
}
`;
}

/** The row mapping, to be written: it throws until then. */
function rowMappingStub({ pascal, camel }: BenchmarkNames): string {
  return `import type { Instance } from '@medhelm/core';
import { z } from 'zod';

/** The fields of an upstream row the scenario reads (TODO: HELM's). */
export const ${camel}RowSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  answer: z.string(),
});

export type ${pascal}Row = z.output<typeof ${camel}RowSchema>;

/** HELM's instance for one row: TODO the scenario's input text, references and split. */
export function ${camel}Instance(row: ${pascal}Row): Instance {
  throw new Error(\`TODO: map the row to HELM's instance (question: \${row.question})\`);
}
`;
}

/** The row mapping's test, which fails until the mapping is written. */
function rowMappingTestStub({ folder, camel }: BenchmarkNames): string {
  return `import { reference, TEST_SPLIT } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { ${camel}Instance } from './${folder}-instance.ts';

describe('${camel}Instance', () => {
  // TODO: replace the row and the instance with a real upstream row and what HELM makes of it.
  it('maps a row to the instance HELM builds from it', () => {
    expect(${camel}Instance({ question: 'Is it?', options: ['yes', 'no'], answer: 'yes' })).toEqual({
      input: { text: 'Is it?' },
      references: [reference('yes', true), reference('no', false)],
      split: TEST_SPLIT,
    });
  });
});
`;
}
