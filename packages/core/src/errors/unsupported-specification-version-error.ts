import { MedHelmError } from './medhelm-error.ts';

/** A plugin object declares a specification version this release of MedHELM cannot use. */
export class UnsupportedSpecificationVersionError extends MedHelmError {
  override readonly name = 'MedHelm_UnsupportedSpecificationVersionError';

  constructor(what: string, version: unknown, supported: readonly string[]) {
    super(
      `${what} declares specificationVersion ${JSON.stringify(version)}; this MedHELM supports ${supported.join(', ')}.`,
      { hint: 'Upgrade @medhelm/runner or use a version of the plugin built for this one.' },
    );
  }
}
