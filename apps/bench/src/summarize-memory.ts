// pnpm --filter @medhelm/bench bench:summarize: peak RSS of the built `medhelm summarize` (and
// `medhelm compare`) on a suite of 10,000-instance runs: pubmed_qa and med_qa (10,000 each by
// default) for three models served by the local mock server, written by `medhelm run` as a user
// writes them. Writes results/summarize-latest.{json,md}.
//
//   pnpm --filter @medhelm/bench bench:summarize                 10,000 instances per run
//   pnpm --filter @medhelm/bench bench:summarize --instances 2000
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMockModelServer } from '@medhelm/testing';
import { megabytes } from './bench-results.ts';
import { generateMedQaData, generateWorkloadData } from './generate-workload-data.ts';
import { renderMarkdownTable } from './markdown-table.ts';
import { measureNodeProcess } from './measure-process.ts';

const { values: flags } = parseArgs({ options: { instances: { type: 'string', default: '10000' } } });
const instances = Number(flags.instances);
const require = createRequire(import.meta.url);
const cliPath = join(dirname(require.resolve('@medhelm/runner/package.json')), 'dist', 'cli.mjs');

// Three models that answer differently, so scores, win rates and comparisons are not all ties:
// model-a always A, model-b always B, model-c alternates.
const server = await startMockModelServer({
  wires: ['openai'],
  record: false,
  reply: (call, index) =>
    call.model === 'model-a' ? 'A' : call.model === 'model-b' ? 'B' : index % 2 === 0 ? 'A' : 'B',
});
const root = mkdtempSync(join(tmpdir(), 'medhelm-bench-summarize-'));
const outputPath = join(root, 'out');
const log = (line: string) => process.stderr.write(`${line}\n`);
const models = ['model-a', 'model-b', 'model-c'];
const workloads = [
  { benchmark: 'pubmed_qa', dataDirectory: generateWorkloadData(root, instances).dataDirectory },
  { benchmark: 'med_qa', dataDirectory: generateMedQaData(root, instances) },
];
for (const { benchmark, dataDirectory } of workloads) {
  for (const model of models) {
    const run = await measureNodeProcess([
      cliPath,
      'run',
      '--benchmarks',
      benchmark,
      '--models',
      `openai-compatible:${model}`,
      '--base-url',
      server.baseUrl,
      '--data-dir',
      dataDirectory,
      '--concurrency',
      '64',
      '--no-cache',
      '-o',
      outputPath,
      '--suite',
      'bench',
    ]);
    if (run.exitCode !== 0) throw new Error(`medhelm run failed (exit ${run.exitCode}):\n${run.tail}`);
    log(`wrote ${benchmark} × ${model} (${instances} instances) in ${run.seconds.toFixed(1)} s`);
  }
}
await server.close();

const suiteDirectory = join(outputPath, 'runs', 'bench');
const runDirectories = readdirSync(suiteDirectory, { withFileTypes: true }).filter((entry) =>
  entry.isDirectory(),
);
const sizeOf = (file: string) =>
  runDirectories.reduce((total, entry) => total + statSync(join(suiteDirectory, entry.name, file)).size, 0);

const summarize = await measureNodeProcess([cliPath, 'summarize', '--suite', 'bench', '-o', outputPath]);
if (summarize.exitCode !== 0) throw new Error(`medhelm summarize failed:\n${summarize.tail}`);
const compare = await measureNodeProcess([
  cliPath,
  'compare',
  '--suite',
  'bench',
  '-o',
  outputPath,
  'openai-compatible/model-a',
  'openai-compatible/model-c',
]);
if (compare.exitCode !== 0) throw new Error(`medhelm compare failed:\n${compare.tail}`);

const results = {
  date: new Date().toISOString().slice(0, 10),
  node: process.versions.node,
  runs: runDirectories.length,
  instancesPerRun: instances,
  perInstanceStatsMb: megabytes(sizeOf('per_instance_stats.json')),
  scenarioStateMb: megabytes(sizeOf('scenario_state.json')),
  summarize: { peakRssMb: megabytes(summarize.peakRssBytes), seconds: summarize.seconds },
  compare: { peakRssMb: megabytes(compare.peakRssBytes), seconds: compare.seconds },
};
rmSync(root, { recursive: true, force: true });
const markdown = [
  `Suite of ${results.runs} runs × ${instances.toLocaleString('en')} instances (per_instance_stats.json ${results.perInstanceStatsMb} MB, scenario_state.json ${results.scenarioStateMb} MB in all):`,
  '',
  ...renderMarkdownTable(
    [
      { header: 'command', align: 'left' },
      { header: 'peak RSS (MB)', align: 'right' },
      { header: 'seconds', align: 'right' },
    ],
    [
      ['medhelm summarize', String(results.summarize.peakRssMb), results.summarize.seconds.toFixed(2)],
      ['medhelm compare', String(results.compare.peakRssMb), results.compare.seconds.toFixed(2)],
    ],
  ),
  '',
].join('\n');
const resultsDirectory = new URL('../results/', import.meta.url).pathname;
mkdirSync(resultsDirectory, { recursive: true });
writeFileSync(join(resultsDirectory, 'summarize-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(resultsDirectory, 'summarize-latest.md'), markdown);
process.stdout.write(markdown);
