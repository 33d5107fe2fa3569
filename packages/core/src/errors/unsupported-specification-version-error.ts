import { hasBrand } from './has-brand.ts';
import { MedHelmError } from './medhelm-error.ts';

const unsupportedSpecificationVersionErrorBrand = Symbol.for(
  'medhelm.error.UnsupportedSpecificationVersionError',
);

/** A plugin object declares a specification version this release of MedHELM cannot use. */
export class UnsupportedSpecificationVersionError extends MedHelmError {
  override readonly name = 'MedHelm_UnsupportedSpecificationVersionError';
  readonly [unsupportedSpecificationVersionErrorBrand] = true;
  constructor(what: string, version: unknown, supported: readonly string[]) {
    super(
      `${what} declares specificationVersion ${JSON.stringify(version)}; this MedHELM supports ${supported.join(', ')}.`,
      { hint: 'Upgrade @medhelm/runner or use a version of the plugin built for this one.' },
    );
  }

  /** Whether `error` is a UnsupportedSpecificationVersionError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is UnsupportedSpecificationVersionError {
    return hasBrand(error, unsupportedSpecificationVersionErrorBrand);
  }
}
