import { medhelmTsdownConfig } from '@medhelm/tsdown-config';

export default medhelmTsdownConfig();
