import { REDACTED, withoutCredentials } from '@medhelm/http';

// A flag whose value is a secret itself (keys are read from the environment, but a user may still
// pass one to a flag of a plugin's).
const SECRET_FLAG = /(?:key|token|secret|password|passwd|credential)s?$/i;

/**
 * The command line as provenance records it: URLs without their user name and password (a Redis
 * URL with a password, a base URL with credentials), and the value of any flag named like a
 * secret replaced. Names of key variables (`--api-key-env OPENAI_API_KEY`) are kept: they are not
 * secrets.
 */
export function redactCommandLine(argv: readonly string[]): string[] {
  const redacted: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const inline = /^(--[^=]+)=(.*)$/s.exec(arg);
    if (inline !== null) {
      const [, flag, value] = inline as unknown as [string, string, string];
      redacted.push(`${flag}=${isSecretFlag(flag) ? REDACTED : withoutUrlCredentials(value)}`);
      continue;
    }
    redacted.push(withoutUrlCredentials(arg));
    const value = argv[index + 1];
    if (arg.startsWith('--') && isSecretFlag(arg) && value !== undefined && !value.startsWith('--')) {
      redacted.push(REDACTED);
      index++;
    }
  }
  return redacted;
}

function isSecretFlag(flag: string): boolean {
  return SECRET_FLAG.test(flag) && !/-env$/i.test(flag);
}

function withoutUrlCredentials(value: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(value)) return value;
  try {
    return withoutCredentials(value);
  } catch {
    return REDACTED;
  }
}
