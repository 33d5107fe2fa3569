import type { MetricThroughput } from './lexical-metrics.ts';
import { type MarkdownColumn, renderMarkdownTable } from './markdown-table.ts';
import type { RunScoringThroughput } from './run-scoring-throughput.ts';
import type { ScoringThroughput } from './scoring-throughput.ts';

/** One workload: medhelm and the bare loop, same requests, same concurrency, same server. */
export interface WorkloadResult {
  instances: number;
  latencyMs: number;
  concurrency: number;
  bare: { seconds: number; peakRssMb: number };
  medhelm: { seconds: number; peakRssMb: number; maxInFlight: number; requests: number };
  /** medhelm seconds ÷ bare seconds. */
  ratio: number;
}

/** Everything one `pnpm bench` measured. */
export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string };
  repeat: number;
  workloads: WorkloadResult[];
  memory: Array<{ instances: number; peakRssMb: number; seconds: number }>;
  cachedRerun?: {
    instances: number;
    seconds: number;
    requestsToServer: number;
    uncached: Array<{ concurrency: number; seconds: number; share: number }>;
  };
  helpStartupMs: number;
  metrics: MetricThroughput[];
  /** ROUGE-1/2/L + BLEU-1/4 together, single-threaded and in worker threads (absent in older results). */
  scoring?: ScoringThroughput;
  /** A run directory scored through the engine's writer, in one thread and in worker threads (absent in older results). */
  runScoring?: RunScoringThroughput;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export { mb as megabytes };

const right = (...headers: string[]): MarkdownColumn[] =>
  headers.map((header) => ({ header, align: 'right' }));

/** The results as Markdown, the table the README shows. */
export function renderBenchMarkdown(results: BenchResults): string {
  const { machine } = results;
  const lines = [
    `Measured ${results.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node} (${machine.platform}); median of ${results.repeat}. Wall time of the whole process (start-up, data loading and output writing included for medhelm), peak RSS.`,
    '',
    ...renderMarkdownTable(
      right(
        'instances',
        'latency',
        'concurrency',
        'bare fetch loop',
        'medhelm run',
        'ratio',
        'medhelm peak RSS',
        'max in flight',
      ),
      results.workloads.map((row) => [
        row.instances.toLocaleString('en-US'),
        `${row.latencyMs} ms`,
        String(row.concurrency),
        `${row.bare.seconds.toFixed(2)} s`,
        `${row.medhelm.seconds.toFixed(2)} s`,
        `${row.ratio.toFixed(2)}×`,
        `${row.medhelm.peakRssMb} MB`,
        String(row.medhelm.maxInFlight),
      ]),
    ),
  ];
  if (results.memory.length > 0) {
    lines.push(
      '',
      ...renderMarkdownTable(
        right('memory: med_qa instances (0 ms, concurrency 64)', 'peak RSS', 'wall time'),
        results.memory.map((row) => [
          row.instances.toLocaleString('en-US'),
          `${row.peakRssMb} MB`,
          `${row.seconds.toFixed(2)} s`,
        ]),
      ),
    );
  }
  const cached = results.cachedRerun;
  if (cached !== undefined) {
    lines.push(
      '',
      `Fully cached re-run of ${cached.instances.toLocaleString('en-US')} instances: ${cached.seconds.toFixed(2)} s, ${cached.requestsToServer} requests to the server; ${cached.uncached.map((run) => `${(run.share * 100).toFixed(1)}% of the uncached 50 ms run at concurrency ${run.concurrency} (${run.seconds.toFixed(2)} s)`).join(', ')}.`,
    );
  }
  lines.push('', `\`medhelm --help\` start-up: ${results.helpStartupMs} ms (median of 5).`, '');
  lines.push(
    ...renderMarkdownTable(
      [{ header: 'scoring', align: 'left' }, ...right('pairs', 'avg characters', 'pairs/s')],
      results.metrics.map((metric) => [
        metric.metric,
        metric.pairs.toLocaleString('en-US'),
        String(metric.averageCharacters),
        metric.pairsPerSecond.toLocaleString('en-US'),
      ]),
    ),
  );
  const scoring = results.scoring;
  if (scoring !== undefined) {
    const times = (rate: number) => `${(rate / scoring.helmPairsPerSecond).toFixed(0)}×`;
    lines.push(
      '',
      `ROUGE-1/2/L + BLEU-1/4 together: ${scoring.singleThreadPairsPerSecond.toLocaleString('en-US')} pairs/s in one thread (${times(scoring.singleThreadPairsPerSecond)} HELM's ${scoring.helmPairsPerSecond} pairs/s on 2 cores), ${scoring.poolPairsPerSecond.toLocaleString('en-US')} pairs/s in ${scoring.threads} worker threads (${times(scoring.poolPairsPerSecond)}), every value identical to the single-threaded one.`,
    );
  }
  const runScoring = results.runScoring;
  if (runScoring !== undefined) {
    lines.push(
      '',
      `A run directory of ${runScoring.instances.toLocaleString('en-US')} open-ended instances scored as \`medhelm run\`/\`rescore\` score it (SummarizationMetric's ROUGE-1/2/L and the basic stats): ${runScoring.singleThreadInstancesPerSecond.toLocaleString('en-US')} instances/s in the event-loop thread, ${runScoring.poolInstancesPerSecond.toLocaleString('en-US')} instances/s with ${runScoring.threads} worker threads, stats.json and per_instance_stats.json byte-identical.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
