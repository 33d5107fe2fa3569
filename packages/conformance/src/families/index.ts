import type { ConformanceFamily } from '../conformance-family.ts';
import { benchmarkMetricFamilies } from './benchmark-metric-families.ts';
import { bleuFamilies } from './bleu-families.ts';
import { downsampleFamily } from './downsample-family.ts';
import { ehrSqlFamily } from './ehr-sql-family.ts';
import { healthBenchFamilies } from './healthbench-families.ts';
import { metricFamilies } from './metric-families.ts';
import { rougeFamilies } from './rouge-families.ts';

/** Every vector family this release checks, by the name of its `<name>.jsonl` file. */
export const conformanceFamilies: readonly ConformanceFamily[] = [
  ...metricFamilies,
  ...rougeFamilies,
  ...bleuFamilies,
  ...benchmarkMetricFamilies,
  ehrSqlFamily,
  downsampleFamily,
  ...healthBenchFamilies,
];
