// `npm run new-benchmark -- <id>`: scaffolds plugins/benchmarks/<folder>/ and generates its glue.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGeneratedFiles } from './generated-files.ts';
import { scaffoldBenchmark } from './scaffold-benchmark.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const id = process.argv[2];
if (id === undefined || id.startsWith('-')) {
  console.error('Usage: npm run new-benchmark -- <benchmark_id>   (HELM run spec name, e.g. my_bench)');
  process.exit(1);
}
try {
  const directory = relative(root, scaffoldBenchmark(root, id));
  writeGeneratedFiles(root);
  console.log(`Scaffolded ${directory}. Next:
  1. fill src/benchmark-card.json, the row mapping in src/*-instance.ts and its test, data/ and README.md;
  2. npm run bootstrap (installs and builds it), then its tests: cd ${directory} && npx vitest run;
  3. npm run generate again whenever the card's id or display name changes.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
