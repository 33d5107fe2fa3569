// pnpm bench: the built medhelm CLI, run as a user runs it, beside a bare fetch loop sending the
// same requests at the same concurrency to the same local mock server, in the same run. Writes
// results/latest.json and results/latest.md (and, with --readme, the README's Performance table).
//
//   pnpm bench                 the full matrix (about 15 minutes on 2 cores)
//   pnpm bench --quick         1,000 and 5,000 instances at concurrency 64 only
//   pnpm bench --repeat 3      medians of 3
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMockModelServer } from '@medhelm/testing';
import { type BenchResults, megabytes, renderBenchMarkdown, type WorkloadResult } from './bench-results.ts';
import {
  BENCH_MODEL,
  generateMedQaData,
  generateWorkloadData,
  type WorkloadData,
} from './generate-workload-data.ts';
import { measureLexicalMetrics } from './lexical-metrics.ts';
import { measureNodeProcess, type ProcessMeasurement } from './measure-process.ts';
import { describeRunScoringThroughput, measureRunScoringThroughput } from './run-scoring-throughput.ts';
import { describeScoringThroughput, measureScoringThroughput } from './scoring-throughput.ts';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
    readme: { type: 'boolean', default: false },
  },
});
const repeat = Math.max(1, Number(flags.repeat));
const quick = flags.quick === true;

const require = createRequire(import.meta.url);
const cliPath = join(dirname(require.resolve('@medhelm/runner/package.json')), 'dist', 'cli.mjs');
if (!existsSync(cliPath)) {
  throw new Error(`${cliPath} is missing: build first (pnpm build), the bench measures the built CLI.`);
}
const bareLoopPath = new URL('./bare-fetch-loop.mjs', import.meta.url).pathname;

const sizes = quick ? [1_000, 5_000] : [1_000, 5_000, 10_000];
const latencies = [0, 50];
const concurrencies = quick ? [64] : [4, 64, 256];

let latencyMs = 0;
const server = await startMockModelServer({
  wires: ['openai'],
  record: false,
  reply: () => (latencyMs > 0 ? { content: 'A', delayMs: latencyMs } : 'A'),
});
const root = mkdtempSync(join(tmpdir(), 'medhelm-bench-'));
const data = new Map<number, WorkloadData>();
const dataFor = (instances: number): WorkloadData => {
  let found = data.get(instances);
  if (found === undefined) {
    found = generateWorkloadData(root, instances);
    data.set(instances, found);
  }
  return found;
};

/** One `medhelm run` of pubmed_qa (or med_qa) on `instances` against the mock server. */
async function runMedhelm(
  instances: number,
  concurrency: number,
  options: { cache: boolean; outputPath?: string; benchmark?: 'pubmed_qa' | 'med_qa' } = { cache: false },
): Promise<ProcessMeasurement & { requests: number; maxInFlight: number }> {
  const outputPath = options.outputPath ?? mkdtempSync(join(root, 'out-'));
  const before = server.requestCount;
  const benchmark = options.benchmark ?? 'pubmed_qa';
  const dataDirectory =
    benchmark === 'med_qa' ? generateMedQaData(root, instances) : dataFor(instances).dataDirectory;
  const measured = await measureNodeProcess([
    cliPath,
    'run',
    '--benchmarks',
    benchmark,
    '--models',
    `openai-compatible:${BENCH_MODEL}`,
    '--base-url',
    server.baseUrl,
    '--data-dir',
    dataDirectory,
    '--concurrency',
    String(concurrency),
    '-o',
    outputPath,
    '--suite',
    'bench',
    ...(options.cache ? [] : ['--no-cache']),
  ]);
  if (measured.exitCode !== 0)
    throw new Error(`medhelm run failed (exit ${measured.exitCode}):\n${measured.tail}`);
  if (options.outputPath === undefined) rmSync(outputPath, { recursive: true, force: true });
  return { ...measured, requests: server.requestCount - before, maxInFlight: peakInFlight() };
}

async function runBareLoop(instances: number, concurrency: number): Promise<ProcessMeasurement> {
  const measured = await measureNodeProcess([
    bareLoopPath,
    `${server.baseUrl}/chat/completions`,
    dataFor(instances).bodiesPath,
    String(concurrency),
  ]);
  if (measured.exitCode !== 0)
    throw new Error(`bare loop failed (exit ${measured.exitCode}):\n${measured.tail}`);
  return measured;
}

/** The most requests in flight at the server since the last call. */
function peakInFlight(): number {
  const peak = server.maxInFlight;
  server.resetMaxInFlight();
  return peak;
}

function median<T>(items: readonly T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)] as T;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const workloads: WorkloadResult[] = [];
for (const instances of sizes) {
  for (const latency of latencies) {
    for (const concurrency of concurrencies) {
      latencyMs = latency;
      const bareRuns: ProcessMeasurement[] = [];
      const medhelmRuns: Array<Awaited<ReturnType<typeof runMedhelm>>> = [];
      for (let attempt = 0; attempt < repeat; attempt++) {
        bareRuns.push(await runBareLoop(instances, concurrency));
        peakInFlight();
        medhelmRuns.push(await runMedhelm(instances, concurrency));
      }
      const bare = median(bareRuns, (run) => run.seconds);
      const medhelm = median(medhelmRuns, (run) => run.seconds);
      const row: WorkloadResult = {
        instances,
        latencyMs: latency,
        concurrency,
        bare: { seconds: bare.seconds, peakRssMb: megabytes(bare.peakRssBytes) },
        medhelm: {
          seconds: medhelm.seconds,
          peakRssMb: megabytes(medhelm.peakRssBytes),
          maxInFlight: medhelm.maxInFlight,
          requests: medhelm.requests,
        },
        ratio: medhelm.seconds / bare.seconds,
      };
      workloads.push(row);
      log(
        `${instances} instances, ${latency} ms, concurrency ${concurrency}: bare ${bare.seconds.toFixed(2)} s, medhelm ${medhelm.seconds.toFixed(2)} s (${row.ratio.toFixed(2)}×), ${row.medhelm.peakRssMb} MB, ${row.medhelm.maxInFlight} in flight`,
      );
    }
  }
}

// Memory with the number of instances: 1,000 against 100,000 med_qa questions, whose loader
// streams its JSON Lines (0 ms, concurrency 64).
const memory: BenchResults['memory'] = [];
if (!quick) {
  latencyMs = 0;
  for (const instances of [1_000, 100_000]) {
    const run = await runMedhelm(instances, 64, { cache: false, benchmark: 'med_qa' });
    memory.push({ instances, peakRssMb: megabytes(run.peakRssBytes), seconds: run.seconds });
    log(`memory: ${instances} instances: ${megabytes(run.peakRssBytes)} MB in ${run.seconds.toFixed(2)} s`);
  }
}

// A fully cached re-run against the uncached 50 ms runs of the same size.
let cachedRerun: BenchResults['cachedRerun'];
{
  const instances = quick ? 5_000 : 10_000;
  latencyMs = 50;
  const outputPath = mkdtempSync(join(root, 'cached-'));
  await runMedhelm(instances, 64, { cache: true, outputPath });
  const rerun = await runMedhelm(instances, 64, { cache: true, outputPath });
  const uncached = workloads
    .filter((row) => row.instances === instances && row.latencyMs === 50)
    .map((row) => ({
      concurrency: row.concurrency,
      seconds: row.medhelm.seconds,
      share: rerun.seconds / row.medhelm.seconds,
    }));
  cachedRerun = { instances, seconds: rerun.seconds, requestsToServer: rerun.requests, uncached };
  log(
    `cached re-run of ${instances}: ${rerun.seconds.toFixed(2)} s, ${rerun.requests} requests to the server`,
  );
}

const helpRuns: number[] = [];
for (let attempt = 0; attempt < 5; attempt++)
  helpRuns.push((await measureNodeProcess([cliPath, '--help'])).seconds);
const helpStartupMs = Math.round(median(helpRuns, (seconds) => seconds) * 1000);
log(`medhelm --help: ${helpStartupMs} ms`);

const metrics = measureLexicalMetrics(quick ? 2_000 : 10_000);
for (const metric of metrics) log(`${metric.metric}: ${metric.pairsPerSecond} pairs/s`);
const scoring = await measureScoringThroughput(quick ? 2_000 : 10_000);
for (const line of describeScoringThroughput(scoring)) log(line);
const runScoring = await measureRunScoringThroughput(quick ? 1_000 : 5_000);
for (const line of describeRunScoringThroughput(runScoring)) log(line);

await server.close();
rmSync(root, { recursive: true, force: true });

const results: BenchResults = {
  date: new Date().toISOString().slice(0, 10),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.versions.node,
    platform: `${process.platform} ${process.arch}`,
  },
  repeat,
  workloads,
  memory,
  ...(cachedRerun === undefined ? {} : { cachedRerun }),
  helpStartupMs,
  metrics,
  scoring,
  runScoring,
};
const resultsDirectory = new URL('../results/', import.meta.url).pathname;
mkdirSync(resultsDirectory, { recursive: true });
const markdown = renderBenchMarkdown(results);
writeFileSync(join(resultsDirectory, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(resultsDirectory, 'latest.md'), markdown);
process.stdout.write(markdown);

if (flags.readme) {
  const readmePath = new URL('../../../README.md', import.meta.url).pathname;
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (!readme.includes(start) || !readme.includes(end))
    throw new Error(`README.md has no ${start} … ${end} section.`);
  const before = readme.slice(0, readme.indexOf(start) + start.length);
  const after = readme.slice(readme.indexOf(end));
  writeFileSync(readmePath, `${before}\n${markdown}${after}`);
}
