import type { BenchmarkV1 } from '../spec/benchmark-v1.ts';
import type { MedHelmPluginV1 } from '../spec/plugin-v1.ts';
import { definePlugin } from './define.ts';

/**
 * The plugin of a package whose only contribution is one benchmark:
 * `export const plugin = defineBenchmarkPlugin('@acme/medhelm-benchmark-my-bench', myBenchmark)`.
 * The runner then registers `benchmark` under its id when it loads the package.
 */
export function defineBenchmarkPlugin(name: string, benchmark: BenchmarkV1): MedHelmPluginV1 {
  return definePlugin({
    name,
    kind: 'benchmark',
    register: (context) => context.registerBenchmark(benchmark),
  });
}
