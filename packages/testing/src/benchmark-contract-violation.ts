/**
 * A benchmark plugin breaks the MedHELM benchmark contract. The message names the benchmark, the
 * check and, where there is one, the instance, so a failing contract test says what to fix.
 */
export class BenchmarkContractViolation extends Error {
  override readonly name = 'BenchmarkContractViolation';
}
