import { MedHelmError } from './medhelm-error.ts';

/**
 * Normalises anything thrown at a boundary (a plugin, a provider) into a MedHelmError, adding
 * context such as the plugin and instance id to the message. MedHelmErrors pass through unchanged
 * when no context is given.
 */
export function toMedHelmError(error: unknown, context?: string): MedHelmError {
  if (MedHelmError.isInstance(error) && context === undefined) return error;
  const message = error instanceof Error ? error.message : String(error);
  const prefix = context === undefined ? '' : `${context}: `;
  const hint = MedHelmError.isInstance(error) ? error.hint : undefined;
  return new MedHelmError(prefix + message, { cause: error, hint });
}
