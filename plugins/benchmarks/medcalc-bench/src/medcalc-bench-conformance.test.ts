import { describePromptConformance, findSharedDirectory } from '@medhelm/testing';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

// HELM's MedCalc-Bench instance ids are the int Row Numbers; ours are the same numbers as strings.
describePromptConformance(createMedcalcBenchBenchmark(), {
  sharedDirectory: findSharedDirectory(),
  bundledSampleSize: 30,
});
