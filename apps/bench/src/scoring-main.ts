// npm --prefix apps/bench run bench:scoring -- [--pairs N] [--threads N]: ROUGE-1/2/L + BLEU-1/4
// throughput alone, single-threaded and with the worker-thread pool, beside HELM's 37.8 pairs/s.
import { parseArgs } from 'node:util';
import { describeScoringThroughput, measureScoringThroughput } from './scoring-throughput.ts';

const { values: flags } = parseArgs({
  options: { pairs: { type: 'string', default: '2000' }, threads: { type: 'string' } },
});
const result = await measureScoringThroughput(
  Number(flags.pairs),
  flags.threads === undefined ? undefined : Number(flags.threads),
);
process.stdout.write(`${describeScoringThroughput(result).join('\n')}\n`);
