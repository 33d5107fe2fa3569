/**
 * The API key in `env[variableName]`, trimmed (a key pasted with a newline is the usual mistake),
 * or undefined when the variable is unset or blank.
 */
export function readApiKey(
  env: Readonly<Record<string, string | undefined>>,
  variableName: string,
): string | undefined {
  const value = env[variableName]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
