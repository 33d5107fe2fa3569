import { hasBrand } from './has-brand.ts';
import { MedHelmError, type MedHelmErrorOptions } from './medhelm-error.ts';

const pluginLoadErrorBrand = Symbol.for('medhelm.error.PluginLoadError');

/** A plugin package could not be imported, has the wrong shape, or its `register` threw. */
export class PluginLoadError extends MedHelmError {
  override readonly name = 'MedHelm_PluginLoadError';
  readonly [pluginLoadErrorBrand] = true;

  readonly packageName: string;

  constructor(packageName: string, problem: string, options: MedHelmErrorOptions = {}) {
    super(`Plugin "${packageName}": ${problem}`, options);
    this.packageName = packageName;
  }

  /** Whether `error` is a PluginLoadError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is PluginLoadError {
    return hasBrand(error, pluginLoadErrorBrand);
  }
}
