import type { LongContextPrice, Price } from './price-schema.ts';
import { defaultPriceTable, type PriceTable } from './price-table.ts';

/** A price ready to bill with, and where it came from. */
export interface ResolvedPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  cachedInputPerMillion?: number;
  longContext?: LongContextPrice;
  currency: 'USD';
  /** `override`: the deployment's own `price`; `table`: the dated price table. */
  origin: 'override' | 'table';
  /** Where the number comes from (the table entry's pricing page, or the override's `source`). */
  source?: string;
  /** The table's `effectiveDate` (origin `table` only). */
  effectiveDate?: string;
  /** Whether the table entry is marked verified (origin `table` only); show unverified prices as such. */
  verified?: boolean;
  /** The table entry's note (origin `table` only). */
  note?: string;
  /**
   * What a call answered through the provider's batch API costs, in percent of this price (50:
   * half), from the table's `batchDiscounts` (also for an override: the discount is the provider's);
   * undefined: the provider has no batch rate in the table (batch calls billed at this price).
   */
  batchPercent?: number;
  /** Where `batchPercent` was read. */
  batchSource?: string;
}

/** Options of `priceFor`. */
export interface PriceForOptions {
  /** Prices that win over the table, keyed `<provider>:<model>` (e.g. a deployment's `price`). */
  overrides?: Readonly<Record<string, Price>>;
  /** The table to look in; default: the bundled one (`defaultPriceTable()`). */
  table?: PriceTable;
}

/**
 * The price of `model` served by `provider`: an override keyed `<provider>:<model>` if given, else
 * the table's entry for exactly that provider and model id, else the provider's `*` entry, else
 * `undefined` (unknown price: report the cost as unknown, never as $0). Model ids are matched
 * exactly: an alias (`gpt-4o`) and a dated snapshot (`gpt-4o-2024-08-06`) are different rows.
 */
export function priceFor(
  provider: string,
  model: string,
  options: PriceForOptions = {},
): ResolvedPrice | undefined {
  const table = options.table ?? defaultPriceTable();
  const batch = table.batchDiscounts?.find((row) => row.provider === provider);
  const batchFields = { batchPercent: batch?.percentOfStandard, batchSource: batch?.source };
  const override = options.overrides?.[`${provider}:${model}`];
  if (override !== undefined) {
    return withoutUndefined<ResolvedPrice>({
      inputPerMillion: override.inputPerMillion,
      outputPerMillion: override.outputPerMillion,
      cachedInputPerMillion: override.cachedInputPerMillion,
      longContext: override.longContext,
      currency: 'USD',
      origin: 'override',
      source: override.source,
      ...batchFields,
    });
  }
  const entry =
    table.prices.find((row) => row.provider === provider && row.model === model) ??
    table.prices.find((row) => row.provider === provider && row.model === '*');
  if (entry === undefined) return undefined;
  return withoutUndefined<ResolvedPrice>({
    inputPerMillion: entry.inputPerMillion,
    outputPerMillion: entry.outputPerMillion,
    cachedInputPerMillion: entry.cachedInputPerMillion,
    longContext: entry.longContext,
    currency: 'USD',
    origin: 'table',
    source: entry.source,
    effectiveDate: table.effectiveDate,
    verified: entry.verified,
    note: entry.note,
    ...batchFields,
  });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
