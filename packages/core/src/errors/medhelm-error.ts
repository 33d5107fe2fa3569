const medHelmErrorMarker = Symbol.for('medhelm.error');

/** Options every MedHELM error accepts. */
export interface MedHelmErrorOptions {
  /** The error that led to this one; always passed on so the chain is never lost. */
  cause?: unknown;
  /** What the user can do about it, printed under the message by the runner. */
  hint?: string;
}

/**
 * Base class of every error MedHELM raises on purpose. The `name` is stable (`MedHelm_<Kind>`) so
 * scripts can match on it, and `isInstance` works across duplicate copies of this package because
 * it checks a global-registry symbol rather than the class identity.
 */
export class MedHelmError extends Error {
  readonly [medHelmErrorMarker] = true;
  override readonly name: string = 'MedHelm_Error';
  readonly hint: string | undefined;

  constructor(message: string, options: MedHelmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint;
  }

  static isInstance(error: unknown): error is MedHelmError {
    return typeof error === 'object' && error !== null && medHelmErrorMarker in error;
  }
}
