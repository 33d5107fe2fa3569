import { medhelmVitestProject } from '@medhelm/vitest-config';

// Each test starts and stops sandbox child processes: on a busy CI host that alone took over 20 s.
export default medhelmVitestProject({ testTimeout: 60_000 });
