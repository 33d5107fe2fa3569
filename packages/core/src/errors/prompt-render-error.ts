import { hasBrand } from './has-brand.ts';
import { MedHelmError } from './medhelm-error.ts';

const promptRenderErrorBrand = Symbol.for('medhelm.error.PromptRenderError');

/** A prompt template could not render an instance. */
export class PromptRenderError extends MedHelmError {
  override readonly name = 'MedHelm_PromptRenderError';
  readonly [promptRenderErrorBrand] = true;

  /** Whether `error` is a PromptRenderError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is PromptRenderError {
    return hasBrand(error, promptRenderErrorBrand);
  }
}
