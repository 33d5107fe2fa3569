// Stand-ins for the Python exceptions HELM's metric code catches or lets through. Where HELM
// writes `except ValueError: return 0`, only a PythonValueError may be turned into a 0; anything
// else (KeyError, TypeError, ...) escapes as it does in HELM and becomes a ScoringError.

/** Python's ValueError (e.g. `float("70 kg")`, `strptime("13/01/2023", ...)`). */
export class PythonValueError extends Error {
  override readonly name = 'ValueError';
}

/** Python's TypeError (e.g. `float(None)`, `strptime(42, ...)`). */
export class PythonTypeError extends Error {
  override readonly name = 'TypeError';
}

/** Python's KeyError: a dict lookup of a missing key. */
export class PythonKeyError extends Error {
  override readonly name = 'KeyError';
}
