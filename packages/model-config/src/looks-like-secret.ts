/**
 * Heuristics that recognise literal credentials (API keys, bearer tokens, private keys) in
 * configuration strings, so a models file that contains one is refused and error messages never
 * repeat one.
 *
 * A value counts as a secret when any of its tokens (the pieces between whitespace and URL
 * punctuation such as `/ ? & = : @ #`):
 * - starts with a well-known key prefix (`sk-`, `sk-ant-`, `AIza`, `ghp_`, `hf_`, `xai-`, `AKIA`,
 *   a JWT's `eyJ`, ...) and is at least 20 characters long;
 * - contains a run of 32+ letters and digits with both letters and digits (hex keys such as
 *   Azure's, base62 tokens), or a run of 24+ mixing lower case, upper case and digits;
 * - or is 40+ characters long with the character variety of random data (Shannon entropy of at
 *   least 4.5 bits per character).
 *
 * Model ids (`meta-llama/Llama-3.3-70B-Instruct`, `claude-3-7-sonnet-20250219`), URLs and
 * environment variable names (`AZURE_OPENAI_API_KEY`) do not match.
 */
const KNOWN_PREFIX =
  /^(?:sk-|sk_|rk_|pk_live_|AIza|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|hf_|gsk_|xai-|xox[abpr]-|r8_|pplx-|nvapi-|AKIA|ASIA|ya29\.|eyJ)/;
const TOKEN = /[^\s/?&=:@#,;"'`<>()[\]{}|\\]+/g;
const MIN_PREFIXED_LENGTH = 20;

/** Whether `value` contains something that looks like a literal API key or secret token. */
export function looksLikeSecret(value: string): boolean {
  if (/PRIVATE KEY-----/.test(value)) return true;
  for (const token of value.match(TOKEN) ?? []) {
    if (looksLikeSecretToken(token)) return true;
  }
  return false;
}

/** `text` with every secret-looking token replaced by `[redacted]` (for error messages). */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN, (token) => (looksLikeSecretToken(token) ? '[redacted]' : token));
}

function looksLikeSecretToken(token: string): boolean {
  if (token.length >= MIN_PREFIXED_LENGTH && KNOWN_PREFIX.test(token)) return true;
  for (const run of token.split(/[^A-Za-z0-9]+/)) {
    const letters = /[A-Za-z]/.test(run);
    const digits = /[0-9]/.test(run);
    if (run.length >= 32 && letters && digits) return true;
    if (run.length >= 24 && digits && /[a-z]/.test(run) && /[A-Z]/.test(run)) return true;
  }
  return token.length >= 40 && shannonEntropy(token) >= 4.5;
}

function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}
