import { medhelmVitestProject } from '@medhelm/vitest-config';

export default medhelmVitestProject();
