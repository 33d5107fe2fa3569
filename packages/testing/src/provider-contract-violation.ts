/**
 * A model provider breaks the MedHELM provider contract. The message lists every problem found
 * in one request or error, so a failing contract test says everything there is to fix at once.
 */
export class ProviderContractViolation extends Error {
  override readonly name = 'ProviderContractViolation';
}
