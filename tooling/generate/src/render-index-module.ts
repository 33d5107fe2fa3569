import { BENCHMARK_GLUE_HEADER } from './generated-header.ts';
import type { ModuleExport } from './module-exports.ts';
import type { BenchmarkPackage, CardSummary } from './read-benchmark-package.ts';
import { callStatement, exportStatement, sortExportNames } from './typescript-layout.ts';

/**
 * A carded package's `src/index.ts`, its contract: the factory (with the option types its benchmark
 * file exports), the card, the registered benchmark and the plugin, plus what `<folder>-public.ts` exports.
 */
export function renderIndexModule(pkg: BenchmarkPackage, card: CardSummary): string {
  const { folder, pascal, camel, constant, packageName } = pkg.names;
  const factory = `create${pascal}Benchmark`;
  const benchmarkFile = `./${folder}-benchmark.ts`;
  if (!pkg.benchmarkExports.some((entry) => entry.name === factory && !entry.typeOnly)) {
    throw new Error(`${packageName}: src/${folder}-benchmark.ts must export the function ${factory}().`);
  }
  const types = pkg.benchmarkExports.filter((entry) => entry.typeOnly);
  const benchmark = `${camel}Benchmark`;
  return [
    BENCHMARK_GLUE_HEADER,
    "import { defineBenchmarkPlugin } from '@medhelm/core';",
    `import { ${factory} } from '${benchmarkFile}';`,
    '',
    exportStatement(sortExportNames([factory, ...types.map(exportName)]), benchmarkFile),
    exportStatement([`${constant}_CARD`], `./${folder}-card.ts`),
    ...(pkg.publicExports.length === 0
      ? []
      : [exportStatement(sortExportNames(pkg.publicExports.map(exportName)), `./${folder}-public.ts`)]),
    '',
    `/** The ${card.displayName} benchmark (\`${card.id}\`), as the runner registers it. */`,
    `export const ${benchmark} = ${factory}();`,
    '',
    `/** The plugin the runner loads: registers {@link ${benchmark}}. */`,
    callStatement('export const plugin = defineBenchmarkPlugin', [`'${packageName}'`, benchmark]),
    '',
  ].join('\n');
}

function exportName(entry: ModuleExport): string {
  return entry.typeOnly ? `type ${entry.name}` : entry.name;
}
