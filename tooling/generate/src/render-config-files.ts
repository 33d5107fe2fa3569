import { BENCHMARK_GLUE_HEADER } from './generated-header.ts';
import type { BenchmarkPackage } from './read-benchmark-package.ts';

/** `tsconfig.json`: the shared settings over src, test, the config files and any TypeScript scripts. */
export function renderTsconfig(pkg: BenchmarkPackage): string {
  const include = ['src', 'test', ...(pkg.hasTypeScriptScripts ? ['scripts'] : []), '*.config.ts'];
  return `{
  "extends": "@medhelm/tsconfig/base.json",
  "include": [${include.map((entry) => `"${entry}"`).join(', ')}]
}
`;
}

/** `tsdown.config.ts`: the shared build preset. */
export function renderTsdownConfig(): string {
  return `${BENCHMARK_GLUE_HEADER}
import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

export default medhelmTsdownConfig();
`;
}

/** `vitest.config.ts`: the shared test preset. */
export function renderVitestConfig(): string {
  return `${BENCHMARK_GLUE_HEADER}
import { medhelmVitestProject } from '@medhelm/vitest-config';

export default medhelmVitestProject();
`;
}
