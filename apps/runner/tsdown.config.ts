import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

export default medhelmTsdownConfig({ entry: ['src/index.ts', 'src/cli.ts'], reflectMetadata: true });
