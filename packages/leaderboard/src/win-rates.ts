/** A table column for win rates: each row's value (undefined: no value) and its direction. */
export interface WinRateColumn {
  values: ReadonlyArray<number | undefined>;
  lowerIsBetter?: boolean;
}

/**
 * Each row's win rate in one column, exactly as HELM's compute_aggregate_row_win_rates
 * (summarize.py): the share of the other rows with a value in that column that the row beats,
 * a tie counting one half. Rows without a value get undefined; so does every row when fewer than
 * two rows have a value (HELM skips the column).
 */
export function columnWinRates(column: WinRateColumn): Array<number | undefined> {
  const present = column.values.filter((value): value is number => value !== undefined);
  if (present.length < 2) return column.values.map(() => undefined);
  return column.values.map((value) => {
    if (value === undefined) return undefined;
    let wins = 0;
    for (const other of present) {
      const better = column.lowerIsBetter === true ? value < other : value > other;
      if (better) wins += 1;
      else if (value === other) wins += 0.5;
    }
    // The row met itself once, as a tie: take that half back.
    return (wins - 0.5) / (present.length - 1);
  });
}

/**
 * HELM's mean win rate of each row over `columns`: the mean of the row's win rates over the
 * columns where it has one; undefined when it has none (never comparable).
 */
export function meanWinRates(columns: readonly WinRateColumn[], rows: number): Array<number | undefined> {
  const perRow: number[][] = Array.from({ length: rows }, () => []);
  for (const column of columns) {
    columnWinRates(column).forEach((rate, row) => {
      if (rate !== undefined) perRow[row]?.push(rate);
    });
  }
  return perRow.map((rates) =>
    rates.length === 0 ? undefined : rates.reduce((sum, rate) => sum + rate, 0) / rates.length,
  );
}
