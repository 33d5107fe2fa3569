// npm --prefix apps/bench run bench:scoring -- [--pairs N] [--instances N] [--threads N]: ROUGE-1/2/L +
// BLEU-1/4 throughput alone, then a run directory scored through the engine's writer, each
// single-threaded and with the worker-thread pool, beside HELM's 37.8 pairs/s.
import { parseArgs } from 'node:util';
import { describeRunScoringThroughput, measureRunScoringThroughput } from './run-scoring-throughput.ts';
import { describeScoringThroughput, measureScoringThroughput } from './scoring-throughput.ts';

const { values: flags } = parseArgs({
  options: {
    pairs: { type: 'string', default: '2000' },
    instances: { type: 'string', default: '2000' },
    threads: { type: 'string' },
  },
});
const threads = flags.threads === undefined ? undefined : Number(flags.threads);
const result = await measureScoringThroughput(Number(flags.pairs), threads);
process.stdout.write(`${describeScoringThroughput(result).join('\n')}\n`);
const run = await measureRunScoringThroughput(Number(flags.instances), threads);
process.stdout.write(`${describeRunScoringThroughput(run).join('\n')}\n`);
