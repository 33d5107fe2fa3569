import { BENCHMARK_GLUE_HEADER } from './generated-header.ts';
import type { BenchmarkPackage, CardSummary } from './read-benchmark-package.ts';
import { callStatement } from './typescript-layout.ts';

/** `src/<folder>-card.ts`: the card JSON read and checked once, as `<CONSTANT>_CARD`. */
export function renderCardModule(pkg: BenchmarkPackage, card: CardSummary): string {
  const { constant, packageName } = pkg.names;
  return [
    BENCHMARK_GLUE_HEADER,
    "import { readBenchmarkCard } from '@medhelm/benchmark-recipes';",
    "import card from './benchmark-card.json' with { type: 'json' };",
    '',
    `/** HELM's specification of ${card.displayName} (\`benchmark-card.json\`): id, metadata, data source, prompt, scenario. */`,
    callStatement(`export const ${constant}_CARD = readBenchmarkCard`, ['card', `'${packageName}'`]),
    '',
  ].join('\n');
}
