/**
 * A dollar amount for tables and messages, to the micro-dollar (six decimals, so small per-run
 * costs stay visible and columns line up), or `?` when the amount is unknown (an unknown price is
 * never shown as $0).
 */
export function formatUsd(usd: number | undefined): string {
  return usd === undefined ? '?' : usd.toFixed(6);
}
