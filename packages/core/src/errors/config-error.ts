import { hasBrand } from './has-brand.ts';
import { MedHelmError } from './medhelm-error.ts';

const configErrorBrand = Symbol.for('medhelm.error.ConfigError');

/** Invalid user configuration: a CLI flag, a run-entries file, a config file. */
export class ConfigError extends MedHelmError {
  override readonly name = 'MedHelm_ConfigError';
  readonly [configErrorBrand] = true;

  /** Whether `error` is a ConfigError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is ConfigError {
    return hasBrand(error, configErrorBrand);
  }
}
