export { describeShcMedBenchmark, type ShcMedBenchmarkExpectations } from './describe-shc-med-benchmark.ts';
