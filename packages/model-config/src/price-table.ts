import { readFileSync } from 'node:fs';
import { ConfigError } from '@medhelm/core';
import { z } from 'zod';
import bundledTable from '../prices/prices-2026-12-07.json' with { type: 'json' };
import { redactSecrets } from './looks-like-secret.ts';
import { PROVIDER_ID } from './models-file-schema.ts';
import { priceFields } from './price-schema.ts';

/** One row of the price table: a provider's list price for one model id (`*`: every model). */
export const PriceTableEntrySchema = z.strictObject({
  provider: z.string().regex(PROVIDER_ID),
  model: z.string().min(1).regex(/^\S+$/),
  ...priceFields,
  source: z.string().min(1).meta({ description: "Where the price was read: the provider's pricing page." }),
  verified: z.boolean().meta({ description: 'false: uncertain, see note.' }),
  note: z.string().optional(),
});

/** A provider's batch rate: the share of the standard price its batch API bills. */
export const BatchDiscountSchema = z.strictObject({
  provider: z.string().regex(PROVIDER_ID),
  percentOfStandard: z
    .int()
    .min(1)
    .max(100)
    .meta({ description: 'What a batch call costs, in percent of the standard price (50: half).' }),
  source: z.string().min(1).meta({ description: "Where the rate was read: the provider's documentation." }),
  verified: z.boolean(),
  note: z.string().optional(),
});

/** A dated, versioned price table (`prices/prices-<effectiveDate>.json`). */
export const PriceTableSchema = z
  .strictObject({
    effectiveDate: z.iso.date(),
    currency: z.literal('USD'),
    note: z.string(),
    /** Batch rates per provider (tables before 2026-12-07 have none: batch calls billed at the standard price). */
    batchDiscounts: z.array(BatchDiscountSchema).optional(),
    prices: z.array(PriceTableEntrySchema),
  })
  .superRefine((table, context) => {
    const seen = new Set<string>();
    table.prices.forEach((entry, index) => {
      const key = `${entry.provider}:${entry.model}`;
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['prices', index], message: `${key} is listed twice` });
      }
      seen.add(key);
    });
  });

/** A validated price table. */
export type PriceTable = z.output<typeof PriceTableSchema>;
/** One validated price table row. */
export type PriceTableEntry = z.output<typeof PriceTableEntrySchema>;

/** The file name of the bundled table (its date is the table's `effectiveDate`). */
export const BUNDLED_PRICE_TABLE_FILE = 'prices-2026-12-07.json';

let bundled: PriceTable | undefined;

/** The newest price table bundled with this package (validated once, then cached). */
export function defaultPriceTable(): PriceTable {
  bundled ??= parsePriceTable(bundledTable, BUNDLED_PRICE_TABLE_FILE);
  return bundled;
}

/** Validates a parsed price table; `file` names it in the error. */
export function parsePriceTable(value: unknown, file: string): PriceTable {
  const result = PriceTableSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.length === 0 ? '(top)' : issue.path.join('.')}: ${issue.message}`,
  );
  throw new ConfigError(redactSecrets(`Price table ${file} is invalid: ${problems.join('; ')}`), {
    hint: 'See the price table format in the @medhelm/model-config README.',
  });
}

/** Reads and validates a price table JSON file (e.g. a newer or a private one). */
export function loadPriceTable(path: string): PriceTable {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `Cannot read price table ${path}: ${(error as NodeJS.ErrnoException).code ?? 'not valid JSON'}.`,
    );
  }
  return parsePriceTable(value, path);
}
