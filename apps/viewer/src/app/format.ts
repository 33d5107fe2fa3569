/** Decimals of every score the viewer shows (stats files hold full precision). */
export const SCORE_DECIMALS = 3;

/** A score or rate as the viewer shows it; unknown values are a dash, never 0. */
export function formatScore(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toFixed(SCORE_DECIMALS);
}

/** A 95% interval: `[low, high]`. */
export function formatInterval(interval: readonly [number, number] | null | undefined): string {
  return interval === null || interval === undefined
    ? ''
    : `[${formatScore(interval[0])}, ${formatScore(interval[1])}]`;
}

/** Dollars: cents for sums from a cent, four decimals below. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return `$${value >= 0.01 ? value.toFixed(2) : value.toFixed(4)}`;
}

/** A count with thousands separators. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toLocaleString('en-US');
}

// Axis ticks are round numbers (0, 5,000, 10,000; 0, 0.002, 0.004): three significant digits show
// each exactly, and never the six decimals a general number format gives a degenerate axis.
const usdTick = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumSignificantDigits: 3,
});
const tokenTick = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/** A dollar tick of an axis: `$0`, `$0.002`, `$12.5`, `$1,500`. */
export function formatUsdTick(value: number): string {
  return usdTick.format(value);
}

/** A token-count tick of an axis: `0`, `500`, `39K`, `1.5M`. */
export function formatTokenTick(value: number): string {
  return tokenTick.format(value);
}
