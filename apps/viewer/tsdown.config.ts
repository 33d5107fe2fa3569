import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

// The Node entry only (where the built site is); `vite build` then builds the app into dist/site.
export default medhelmTsdownConfig();
