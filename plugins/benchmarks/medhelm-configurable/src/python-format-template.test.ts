import { describe, expect, it } from 'vitest';
import {
  fillFormatTemplate,
  PromptTemplateSyntaxError,
  parseFormatTemplate,
  templateFields,
} from './python-format-template.ts';

// Expected values: what Python's str.format_map and string.Formatter().parse give (CPython 3.11).
describe('parseFormatTemplate and fillFormatTemplate (Python str.format_map)', () => {
  it('reads {{ and }} as literal braces and fills each {name}', () => {
    const parts = parseFormatTemplate('{{json}} {a} and {b}, {a} again }}');
    expect(fillFormatTemplate(parts, (name) => name.toUpperCase())).toBe('{json} A and B, A again }');
    expect(templateFields(parts)).toEqual([
      { name: 'a', line: 1 },
      { name: 'b', line: 1 },
    ]);
  });

  it('keeps any other character in a name, spaces included, and says on which line each is', () => {
    const parts = parseFormatTemplate('first\n{ patient id }\n\n{note}');
    expect(templateFields(parts)).toEqual([
      { name: ' patient id ', line: 2 },
      { name: 'note', line: 4 },
    ]);
  });

  it.each([
    ['a } b', "Single '}' encountered in format string"],
    ['a {', "Single '{' encountered in format string"],
    ['a {b', "expected '}' before end of string"],
    ['{a{b}}', "unexpected '{' in field name"],
  ])('refuses %j as Python does: %s', (template, message) => {
    expect(() => parseFormatTemplate(template)).toThrow(new PromptTemplateSyntaxError(message, 1));
  });

  it.each([
    ['{}', 'positional placeholder'],
    ['{12}', 'positional placeholder'],
    ['{a.b}', 'attribute or index access'],
    ['{a[0]}', 'attribute or index access'],
    ['{a!r}', 'a conversion'],
    ['{a:>5}', 'a format spec'],
  ])('refuses %j, which a CSV column cannot fill (%s)', (template, what) => {
    expect(() => parseFormatTemplate(template)).toThrow(what);
  });
});
