/**
 * pandas' column labels for a header row (the parsers' `_infer_columns` / `_maybe_dedup_names`),
 * from each header cell's text (`''` for an empty cell): an empty cell is `Unnamed: <index>`; a
 * repeated name gets `.1`, `.2`, ... (named columns are numbered before unnamed ones, and a
 * suffixed name that is already a column is skipped).
 */
export function pandasColumnLabels(header: readonly string[]): string[] {
  const names = header.map((text, index) => (text === '' ? `Unnamed: ${index}` : text));
  const unnamed = header.flatMap((text, index) => (text === '' ? [index] : []));
  const order = [...names.keys()].filter((index) => !unnamed.includes(index)).concat(unnamed);
  const counts = new Map<string, number>();
  for (const index of order) {
    const name = names[index] as string;
    let column = name;
    let count = counts.get(name) ?? 0;
    while (count > 0) {
      counts.set(name, count + 1);
      column = `${name}.${count}`;
      if (names.includes(column)) count += 1;
      else count = counts.get(column) ?? 0;
    }
    names[index] = column;
    counts.set(column, count + 1);
  }
  return names;
}
