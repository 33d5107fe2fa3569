import { hasBrand } from '@medhelm/core';

// Stand-ins for the Python exceptions HELM's metric code catches or lets through. Where HELM
// writes `except ValueError: return 0`, only a PythonValueError may be turned into a 0; anything
// else (KeyError, TypeError, ...) escapes as it does in HELM and becomes a ScoringError. The
// metrics that catch them live in other packages, which may hold another copy of this one, so
// catch sites use `X.isInstance(error)` (a `Symbol.for` brand), not `instanceof`.

const valueErrorBrand = Symbol.for('medhelm.python.ValueError');
const typeErrorBrand = Symbol.for('medhelm.python.TypeError');
const keyErrorBrand = Symbol.for('medhelm.python.KeyError');
const overflowErrorBrand = Symbol.for('medhelm.python.OverflowError');
const indexErrorBrand = Symbol.for('medhelm.python.IndexError');

/** Python's ValueError (e.g. `float("70 kg")`, `strptime("13/01/2023", ...)`). */
export class PythonValueError extends Error {
  override readonly name = 'ValueError';
  readonly [valueErrorBrand] = true;

  static isInstance(error: unknown): error is PythonValueError {
    return hasBrand(error, valueErrorBrand);
  }
}

/** Python's TypeError (e.g. `float(None)`, `strptime(42, ...)`). */
export class PythonTypeError extends Error {
  override readonly name = 'TypeError';
  readonly [typeErrorBrand] = true;

  static isInstance(error: unknown): error is PythonTypeError {
    return hasBrand(error, typeErrorBrand);
  }
}

/** Python's KeyError: a dict lookup of a missing key. */
export class PythonKeyError extends Error {
  override readonly name = 'KeyError';
  readonly [keyErrorBrand] = true;

  static isInstance(error: unknown): error is PythonKeyError {
    return hasBrand(error, keyErrorBrand);
  }
}

/** Python's OverflowError (e.g. `int(float("inf"))`, an int/int quotient too large for a float). */
export class PythonOverflowError extends Error {
  override readonly name = 'OverflowError';
  readonly [overflowErrorBrand] = true;

  static isInstance(error: unknown): error is PythonOverflowError {
    return hasBrand(error, overflowErrorBrand);
  }
}

/** Python's IndexError (e.g. a tuple index out of range). */
export class PythonIndexError extends Error {
  override readonly name = 'IndexError';
  readonly [indexErrorBrand] = true;

  static isInstance(error: unknown): error is PythonIndexError {
    return hasBrand(error, indexErrorBrand);
  }
}
