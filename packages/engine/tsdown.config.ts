import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

// `./internal` (src/internal.ts) is a second entry: what first-party tests and wiring use beyond the contract.
export default medhelmTsdownConfig({
  entry: ['src/index.ts', 'src/internal.ts'],
  reflectMetadata: true,
});
