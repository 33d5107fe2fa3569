import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

// The child process module is a second entry, so `dist/sandbox-child.mjs` sits next to
// `dist/index.mjs` and the parent finds it relative to its own URL.
export default medhelmTsdownConfig({ entry: ['src/index.ts', 'src/sandbox-child.ts'] });
