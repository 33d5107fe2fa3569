export {
  describeShcMedBenchmark,
  /** @public */ type ShcMedBenchmarkExpectations,
} from './describe-shc-med-benchmark.ts';
