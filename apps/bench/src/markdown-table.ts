/** A column: its header and whether cells align right (numbers) or left (names). */
export interface MarkdownColumn {
  header: string;
  align: 'left' | 'right';
}

const width = (text: string) => [...text].length;

function pad(text: string, size: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(size - width(text));
  return align === 'right' ? fill + text : text + fill;
}

/** A Markdown table with padded columns, laid out exactly as `biome format` lays it out, so `pnpm lint` passes on what `pnpm bench --readme` writes. */
export function renderMarkdownTable(columns: MarkdownColumn[], rows: string[][]): string[] {
  const sizes = columns.map((column, index) =>
    Math.max(width(column.header), 3, ...rows.map((row) => width(row[index] ?? ''))),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => pad(cell, sizes[index]!, columns[index]!.align)).join(' | ')} |`;
  const separator = `| ${columns
    .map((column, index) =>
      column.align === 'right' ? `${'-'.repeat(sizes[index]! - 1)}:` : '-'.repeat(sizes[index]!),
    )
    .join(' | ')} |`;
  return [line(columns.map((column) => column.header)), separator, ...rows.map(line)];
}
