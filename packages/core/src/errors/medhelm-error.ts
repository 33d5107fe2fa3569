import { hasBrand } from './has-brand.ts';

const medHelmErrorBrand = Symbol.for('medhelm.error');

/** Options every MedHELM error accepts. */
export interface MedHelmErrorOptions {
  /** The error that led to this one; always passed on so the chain is never lost. */
  cause?: unknown;
  /** What the user can do about it, printed under the message by the runner. */
  hint?: string;
}

/**
 * Base class of every error MedHELM raises on purpose. The `name` is stable (`MedHelm_<Kind>`) so
 * scripts can match on it. Every MedHELM error class carries a `Symbol.for` brand and has its own
 * static `isInstance`, which works across duplicate copies of the package defining the class
 * (where `instanceof` is false): catch sites use `X.isInstance(error)`, never `instanceof X`. A
 * subclass that is caught by class declares its own brand and `isInstance`; without them it
 * inherits its parent's, which answers for the parent.
 */
export class MedHelmError extends Error {
  readonly [medHelmErrorBrand] = true;
  override readonly name: string = 'MedHelm_Error';
  readonly hint: string | undefined;

  constructor(message: string, options: MedHelmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options.hint;
  }

  /** Whether `error` is a MedHelmError of any kind, also one thrown by another copy of @medhelm/core. */
  static isInstance(error: unknown): error is MedHelmError {
    return hasBrand(error, medHelmErrorBrand);
  }
}
