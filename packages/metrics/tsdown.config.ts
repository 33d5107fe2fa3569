import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

// `./internal` (src/internal.ts) is a second entry: what first-party tests and wiring use beyond the contract.
// The lexical-metrics worker is a third, so `dist/lexical-metrics-worker.mjs` sits next to the module
// that starts it (LexicalMetricsPool finds it relative to its own URL).
export default medhelmTsdownConfig({
  entry: ['src/index.ts', 'src/internal.ts', 'src/lexical-metrics-worker.ts'],
});
