import type { ResolvedPrice } from '@medhelm/model-config';

/** Where a price comes from, for reports: the deployment's own price or the dated table. */
export function priceSourceOf(price: ResolvedPrice): string {
  return price.origin === 'override'
    ? `deployment price${price.source === undefined ? '' : ` (${price.source})`}`
    : `price table ${price.effectiveDate ?? ''}`.trimEnd();
}
