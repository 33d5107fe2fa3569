import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

// `@medhelm/shc-med/testing`, the test suites the ten plugins share, is a second entry.
export default medhelmTsdownConfig({ entry: ['src/index.ts', 'src/testing.ts'] });
