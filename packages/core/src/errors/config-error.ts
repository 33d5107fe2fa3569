import { MedHelmError } from './medhelm-error.ts';

/** Invalid user configuration: a CLI flag, a run-entries file, a config file. */
export class ConfigError extends MedHelmError {
  override readonly name = 'MedHelm_ConfigError';
}
