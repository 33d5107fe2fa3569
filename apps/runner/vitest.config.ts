import { medhelmVitestProject } from '@medhelm/vitest-config';

export default medhelmVitestProject({ testTimeout: 60_000 });
