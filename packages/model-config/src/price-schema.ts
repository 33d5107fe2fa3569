import { z } from 'zod';

/** Largest per-million price accepted (USD); anything above is certainly a typo. */
const MAX_USD_PER_MILLION = 100_000;

/**
 * Whether a USD-per-million-tokens price is a whole number of micro-dollars (at most 6 decimal
 * places), which is what makes cost arithmetic exact (see `costInPicoUsd`).
 */
export function isWholeMicroUsd(usdPerMillion: number): boolean {
  const micros = usdPerMillion * 1e6;
  return Math.abs(micros - Math.round(micros)) <= 1e-6 * Math.max(1, Math.abs(micros));
}

/** A price in USD per million tokens: >= 0, at most 6 decimal places. */
export const UsdPerMillionSchema = z
  .number({ error: 'must be a number (USD per million tokens)' })
  .nonnegative({ error: 'must be >= 0 (USD per million tokens)' })
  .max(MAX_USD_PER_MILLION, { error: `must be at most ${MAX_USD_PER_MILLION} (USD per million tokens)` })
  .refine(isWholeMicroUsd, { error: 'must have at most 6 decimal places (USD per million tokens)' })
  .meta({ description: 'USD per million tokens; at most 6 decimal places.' });

/** A higher rate for requests whose prompt is longer than a threshold (Gemini 2.5 Pro, Claude Sonnet 4). */
export const LongContextPriceSchema = z
  .strictObject({
    aboveInputTokens: z
      .int({ error: 'must be a whole number of prompt tokens' })
      .positive({ error: 'must be at least 1' })
      .meta({ description: 'The rate applies to a request whose prompt has more tokens than this.' }),
    inputPerMillion: UsdPerMillionSchema,
    outputPerMillion: UsdPerMillionSchema,
    cachedInputPerMillion: UsdPerMillionSchema.optional(),
  })
  .meta({ description: 'Rates for a whole request whose prompt exceeds aboveInputTokens.' });

/** The price fields shared by the price table and a deployment's `price` override. */
export const priceFields = {
  inputPerMillion: UsdPerMillionSchema.meta({ description: 'Prompt (input) tokens, USD per million.' }),
  outputPerMillion: UsdPerMillionSchema.meta({
    description: 'Completion (output) tokens, reasoning tokens included, USD per million.',
  }),
  cachedInputPerMillion: UsdPerMillionSchema.meta({
    description:
      'Prompt tokens served from the provider prompt cache, USD per million (default: the input price).',
  }).optional(),
  longContext: LongContextPriceSchema.optional(),
};

/** A deployment's own price (`price:` in a models file); it overrides the price table. */
export const PriceSchema = z
  .strictObject({
    ...priceFields,
    currency: z
      .literal('USD', { error: 'must be USD: prices are kept in US dollars' })
      .optional()
      .meta({ description: 'Only USD is supported (the default).' }),
    source: z
      .string()
      .max(500)
      .optional()
      .meta({ description: 'Where this price comes from, e.g. "our contract, 2026-11".' }),
  })
  .meta({ description: "This deployment's price; overrides the bundled price table." });

/** USD per million tokens, as written in a models file or the price table. */
export type Price = z.output<typeof PriceSchema>;
/** The long-context tier of a price. */
export type LongContextPrice = z.output<typeof LongContextPriceSchema>;
