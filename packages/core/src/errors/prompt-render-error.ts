import { MedHelmError } from './medhelm-error.ts';

/** A prompt template could not render an instance. */
export class PromptRenderError extends MedHelmError {
  override readonly name = 'MedHelm_PromptRenderError';
}
