/**
 * `items` joined by ", " in lines of at most `width` characters, the comma or full stop after
 * each line included (an item longer than that is never split).
 */
export function wrapList(items: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? item : `${line}, ${item}`;
    if (next.length + 1 > width && line !== '') {
      lines.push(`${line},`);
      line = item;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * `text` in lines of at most `width` characters, broken at spaces (a word longer than `width`
 * stays whole); lines after the first start with `indent`.
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    const prefix = lines.length === 0 ? '' : indent;
    if (prefix.length + next.length > width && line !== '') {
      lines.push(`${prefix}${line}`);
      line = word;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(`${lines.length === 0 ? '' : indent}${line}`);
  return lines;
}
