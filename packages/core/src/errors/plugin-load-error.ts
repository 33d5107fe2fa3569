import { MedHelmError, type MedHelmErrorOptions } from './medhelm-error.ts';

/** A plugin package could not be imported, has the wrong shape, or its `register` threw. */
export class PluginLoadError extends MedHelmError {
  override readonly name = 'MedHelm_PluginLoadError';
  readonly packageName: string;

  constructor(packageName: string, problem: string, options: MedHelmErrorOptions = {}) {
    super(`Plugin "${packageName}": ${problem}`, options);
    this.packageName = packageName;
  }
}
