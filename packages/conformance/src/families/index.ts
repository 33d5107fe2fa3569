import type { ConformanceFamily } from '../conformance-family.ts';
import { downsampleFamily } from './downsample-family.ts';
import { metricFamilies } from './metric-families.ts';

/** Every vector family this release checks, by the name of its `<name>.jsonl` file. */
export const conformanceFamilies: readonly ConformanceFamily[] = [...metricFamilies, downsampleFamily];
