import { isWholeMicroUsd, type LongContextPrice } from './price-schema.ts';

/** Token counts of one request, as the provider reported them. */
export interface TokenUsage {
  /** Prompt (input) tokens, including any served from the provider's prompt cache. */
  promptTokens: number;
  /** Completion (output) tokens, including reasoning/thinking tokens. */
  completionTokens: number;
  /** How many of `promptTokens` were served from the prompt cache (billed at the cached rate). */
  cachedPromptTokens?: number;
}

/** The rates `costOf` needs (a `Price`, a table entry or a `ResolvedPrice` all fit). */
export interface Rates {
  inputPerMillion: number;
  outputPerMillion: number;
  cachedInputPerMillion?: number | undefined;
  longContext?: LongContextPrice | undefined;
}

const PICO_PER_NANO = 1000n;

/**
 * The exact cost of one request in pico-dollars (1e-12 USD), as a BigInt.
 *
 * Prices have at most 6 decimal places per million tokens, so a price is a whole number of
 * pico-dollars per token and `tokens × price` is exact integer arithmetic: no floating-point
 * error, whatever the token counts. Cached prompt tokens use `cachedInputPerMillion` (the input
 * price when there is none, which can only over-state the bill). When the price has a
 * `longContext` tier and the prompt is longer than `aboveInputTokens`, the whole request uses the
 * tier's rates (cached tokens: the tier's cached rate, else the tier's input rate).
 *
 * Call it per request, not on summed usage: the long-context tier depends on each prompt's length.
 * Sum the BigInts for a total and convert once with `usdFromPicoUsd`.
 */
export function costInPicoUsd(usage: TokenUsage, price: Rates): bigint {
  const prompt = tokenCount(usage.promptTokens, 'promptTokens');
  const completion = tokenCount(usage.completionTokens, 'completionTokens');
  const cached = tokenCount(usage.cachedPromptTokens ?? 0, 'cachedPromptTokens');
  if (cached > prompt) {
    throw new RangeError(`cachedPromptTokens (${cached}) cannot exceed promptTokens (${prompt}).`);
  }
  const tier =
    price.longContext !== undefined && prompt > BigInt(price.longContext.aboveInputTokens)
      ? price.longContext
      : undefined;
  const input = tier?.inputPerMillion ?? price.inputPerMillion;
  const output = tier?.outputPerMillion ?? price.outputPerMillion;
  const cachedInput =
    tier === undefined
      ? (price.cachedInputPerMillion ?? price.inputPerMillion)
      : (tier.cachedInputPerMillion ?? tier.inputPerMillion);
  return (
    (prompt - cached) * picoUsdPerToken(input) +
    cached * picoUsdPerToken(cachedInput) +
    completion * picoUsdPerToken(output)
  );
}

/**
 * The cost of one request in US dollars: `costInPicoUsd` rounded half-up to the nano-dollar
 * (1e-9 USD), then converted to a number (exact to the nano-dollar for any bill under $9 million).
 * Example: 1,234 prompt + 56 completion tokens at $2.50 / $10 per million = 0.003645.
 */
export function costOf(usage: TokenUsage, price: Rates): number {
  return usdFromPicoUsd(costInPicoUsd(usage, price));
}

/** Pico-dollars to dollars, rounded half-up to the nano-dollar. */
export function usdFromPicoUsd(picoUsd: bigint): number {
  if (picoUsd < 0n) return -usdFromPicoUsd(-picoUsd);
  const nanoUsd = (picoUsd + PICO_PER_NANO / 2n) / PICO_PER_NANO;
  return Number(nanoUsd) / 1e9;
}

/** USD per million tokens → pico-dollars per token (1 USD / 1M tokens = 1e6 pUSD per token). */
function picoUsdPerToken(usdPerMillion: number): bigint {
  if (!Number.isFinite(usdPerMillion) || usdPerMillion < 0 || !isWholeMicroUsd(usdPerMillion)) {
    throw new RangeError(
      `Price ${usdPerMillion} USD per million tokens must be >= 0 with at most 6 decimal places.`,
    );
  }
  return BigInt(Math.round(usdPerMillion * 1e6));
}

function tokenCount(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number >= 0, got ${value}.`);
  }
  return BigInt(value);
}
