/** A plain-text table with a header rule; column widths fit the widest cell. */
export function textTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  rightAligned: ReadonlySet<number> = new Set(),
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
