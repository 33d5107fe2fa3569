// Hand-written: HELM fills the prompt with Python's str.format_map, whose brace rules
// (`{{`, `}}`, nested specs) no JavaScript template library follows.

/** A piece of a prompt template: literal text, or a `{column}` placeholder. */
export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'field'; readonly name: string; readonly line: number };

/** A template Python's `str.format_map` would refuse, or one using what we do not support. */
export class PromptTemplateSyntaxError extends Error {
  override readonly name = 'PromptTemplateSyntaxError';
  constructor(
    message: string,
    /** 1-based line of the template where the problem is. */
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Splits a prompt template as Python's `string.Formatter().parse` does: `{{` and `}}` are literal
 * braces, `{name}` a placeholder. Throws {@link PromptTemplateSyntaxError} where Python raises
 * (`Single '}' encountered in format string`, `Single '{' ...`, `expected '}' before end of
 * string`) and for placeholders HELM's scenario cannot fill from a CSV row or that we do not
 * support: positional ones (`{}`, `{0}`), attribute or index access (`{a.b}`, `{a[0]}`),
 * conversions (`{a!r}`) and format specs (`{a:>5}`).
 */
export function parseFormatTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let line = 1;
  let index = 0;
  const flush = () => {
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
  };
  while (index < template.length) {
    const character = template[index] as string;
    if (character === '{') {
      if (template[index + 1] === '{') {
        text += '{';
        index += 2;
        continue;
      }
      const start = index + 1;
      let depth = 1;
      let end = start;
      while (end < template.length) {
        if (template[end] === '{') depth++;
        else if (template[end] === '}' && --depth === 0) break;
        end++;
      }
      if (end >= template.length) {
        throw new PromptTemplateSyntaxError(
          start >= template.length
            ? "Single '{' encountered in format string"
            : "expected '}' before end of string",
          line,
        );
      }
      const field = template.slice(start, end);
      flush();
      parts.push({ kind: 'field', name: checkFieldName(field, line), line });
      line += countLines(field);
      index = end + 1;
      continue;
    }
    if (character === '}') {
      if (template[index + 1] !== '}') {
        throw new PromptTemplateSyntaxError("Single '}' encountered in format string", line);
      }
      text += '}';
      index += 2;
      continue;
    }
    if (character === '\n') line++;
    text += character;
    index++;
  }
  flush();
  return parts;
}

/** The placeholders' names, in order, each once. */
export function templateFields(parts: readonly TemplatePart[]): { name: string; line: number }[] {
  const seen = new Map<string, { name: string; line: number }>();
  for (const part of parts) {
    if (part.kind === 'field' && !seen.has(part.name))
      seen.set(part.name, { name: part.name, line: part.line });
  }
  return [...seen.values()];
}

/** `template.format_map(values)`: each placeholder replaced by its value, inserted as it is. */
export function fillFormatTemplate(parts: readonly TemplatePart[], value: (name: string) => string): string {
  let filled = '';
  for (const part of parts) filled += part.kind === 'text' ? part.text : value(part.name);
  return filled;
}

function checkFieldName(field: string, line: number): string {
  const unsupported = (what: string) =>
    new PromptTemplateSyntaxError(
      `{${field}} uses ${what}, which a CSV column cannot fill; write {column} with the column's name.`,
      line,
    );
  // Python splits the field at the first `!` (conversion) or `:` (format spec).
  const conversion = field.indexOf('!');
  const spec = field.indexOf(':');
  if (spec !== -1 && (conversion === -1 || spec < conversion)) throw unsupported('a format spec');
  if (conversion !== -1) throw unsupported('a conversion');
  if (field.includes('{')) throw new PromptTemplateSyntaxError("unexpected '{' in field name", line);
  if (field === '') {
    throw new PromptTemplateSyntaxError(
      '{} is a positional placeholder, which HELM cannot fill (Python: "Format string contains positional fields"); write {column} with a column\'s name, or {{}} for literal braces.',
      line,
    );
  }
  if (/^[0-9]+$/.test(field)) {
    throw new PromptTemplateSyntaxError(
      `{${field}} is a positional placeholder, which HELM cannot fill (Python: "Format string contains positional fields"); write {column} with a column's name.`,
      line,
    );
  }
  if (field.includes('.') || field.includes('[')) throw unsupported('attribute or index access');
  return field;
}

function countLines(text: string): number {
  let count = 0;
  for (const character of text) if (character === '\n') count++;
  return count;
}
