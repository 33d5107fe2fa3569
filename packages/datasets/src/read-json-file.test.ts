import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonFile, readJsonObjectEntries, readJsonObjectList } from './read-json-file.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-json-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function write(content: string): Promise<string> {
  const path = join(scratch, 'data.json');
  await writeFile(path, content);
  return path;
}

async function failure(promise: Promise<unknown>): Promise<DatasetLoadError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('readJsonFile', () => {
  it('parses a JSON file', async () => {
    expect(await readJsonFile(await write('{"a": [1, "\\u00e9"], "b": null}'))).toEqual({
      a: [1, 'é'],
      b: null,
    });
  });

  it.each([
    ['a missing value', '{\n  "a": 1,\n  "b": }\n', 3, 8],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3],
    ['a truncated file', '{\n  "a": [1, 2', 2, 13],
    ['a trailing comma', '[1,\n 2,\n]', 3, 1],
    ['a raw newline in a string', '{"a": "x\ny"}', 1, 9],
    ['trailing data', '{}\n{}', 2, 1],
  ])('names the file, line and column of %s', async (_what, content, line, column) => {
    const path = await write(content);
    const error = await failure(readJsonFile(path));
    expect(error.location).toEqual({ file: path, line });
    expect(error.message).toContain(`${path}, line ${line}: Invalid JSON at column ${column}`);
  });

  it("gives Python's reason for the error", async () => {
    const error = await failure(readJsonFile(await write('{\n  "a": 1\n  "b": 2\n}')));
    expect(error.message).toContain("Invalid JSON at column 3: Expecting ',' delimiter.");
  });
});

describe('readJsonObjectEntries', () => {
  it('keeps file order for integer-like keys, as Python json.load does', async () => {
    const path = await write('{\n "25429730": {"Q": 1},\n "10808977": {"Q": 2},\n "x": 3,\n "7": 4\n}');
    const entries = await readJsonObjectEntries(path);
    expect(entries).toEqual([
      { key: '25429730', value: { Q: 1 }, line: 2 },
      { key: '10808977', value: { Q: 2 }, line: 3 },
      { key: 'x', value: 3, line: 4 },
      { key: '7', value: 4, line: 5 },
    ]);
  });

  it('keeps the first position and the last value of a repeated key, like a Python dict', async () => {
    const entries = await readJsonObjectEntries(await write('{"a": 1, "b": 2, "a": 3}'));
    expect(entries.map(({ key, value }) => [key, value])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('handles escaped quotes and braces inside strings', async () => {
    const entries = await readJsonObjectEntries(await write('{"k\\"{": "}\\\\", "2": ["]", {"1": "{"}]}'));
    expect(entries.map(({ key }) => key)).toEqual(['k"{', '2']);
  });

  it('gives line 1 to every member of a one-line file, and each member its own line otherwise', async () => {
    // ori_pqal.json is one line of thousands of PubMed ids; lines are counted in one pass.
    const ids = Array.from({ length: 3000 }, (_, index) => String(30000000 - index * 3));
    const oneLine = `{${ids.map((id) => `"${id}": {"QUESTION": "q${id}"}`).join(', ')}}`;
    const entries = await readJsonObjectEntries(await write(oneLine));
    expect(entries.map(({ key }) => key)).toEqual(ids);
    expect(entries.every(({ line }) => line === 1)).toBe(true);
    expect(entries.at(-1)?.value).toEqual({ QUESTION: `q${ids.at(-1)}` });
    const multiLine = `{\n${ids.map((id) => `"${id}": {"QUESTION": "q${id}"}`).join(',\n\n')}\n}`;
    const lines = (await readJsonObjectEntries(await write(multiLine))).map(({ line }) => line);
    expect(lines).toEqual(ids.map((_, index) => 2 + 2 * index));
  });

  it('reads NaN and Infinity as Python json.load does', async () => {
    const entries = await readJsonObjectEntries(await write('{"a": NaN, "b": [-Infinity]}'));
    expect(entries[0]?.value).toBeNaN();
    expect(entries[1]?.value).toEqual([Number.NEGATIVE_INFINITY]);
  });

  it('rejects a top level that is not an object', async () => {
    const error = await failure(readJsonObjectEntries(await write('[1, 2]')));
    expect(error.message).toContain('Expected a JSON object');
  });
});

describe('readJsonObjectList', () => {
  it('gives each element of the top-level list with its line and row', async () => {
    const path = await write(
      [
        '{',
        '  "other": [1, 2],',
        '  "note": "data",',
        '  "data": [',
        '    {"src": "a [b] {c}, \\"d\\"", "tgt": "e"},',
        '',
        '    {"src": "f",',
        '     "tgt": "g", "x": [3, 4]}',
        '  ]',
        '}',
      ].join('\n'),
    );
    expect(await readJsonObjectList(path, 'data')).toEqual([
      { value: { src: 'a [b] {c}, "d"', tgt: 'e' }, line: 5, row: 1 },
      { value: { src: 'f', tgt: 'g', x: [3, 4] }, line: 7, row: 2 },
    ]);
  });

  it('gives the line of each element of a list written on one line', async () => {
    const oneLine = `{"version": 1, "data": [${Array.from({ length: 2000 }, (_, index) => `{"i": ${index}}`).join(', ')}]}`;
    const elements = await readJsonObjectList(await write(oneLine), 'data');
    expect(elements).toHaveLength(2000);
    expect(elements.every(({ line }) => line === 1)).toBe(true);
    expect(elements.at(-1)).toEqual({ value: { i: 1999 }, line: 1, row: 2000 });
  });

  it('counts only the list under the key, not a string or list elsewhere', async () => {
    const path = await write('{"info": ["data"],\n "data": [\n  {"src": "x\\"]"},\n  {"src": "z"}]}');
    expect((await readJsonObjectList(path, 'data')).map(({ line }) => line)).toEqual([3, 4]);
    expect(await readJsonObjectList(await write('{"data": []}'), 'data')).toEqual([]);
  });

  it('keeps the last list of a repeated key, as json.load does', async () => {
    const path = await write('{"data": [1],\n "data": [\n 2,\n 3]}');
    expect(await readJsonObjectList(path, 'data')).toEqual([
      { value: 2, line: 3, row: 1 },
      { value: 3, line: 4, row: 2 },
    ]);
  });

  it('names the file and key of a missing key or a key that is not a list', async () => {
    const missing = await write('{"rows": []}');
    const error = await failure(readJsonObjectList(missing, 'data'));
    expect(error.location).toEqual({ file: missing, line: 1, field: 'data' });
    expect(error.message).toContain('No "data" key.');
    const notList = await failure(
      readJsonObjectList(await write('{"data": {"a": 1}}'), 'data', { itemNoun: 'examples' }),
    );
    expect(notList.message).toContain('"data" is a dict, not a list of examples.');
    const text = await failure(readJsonObjectList(await write('{"data": "x"}'), 'data'));
    expect(text.message).toContain('"data" is a string, not a list of entries.');
  });

  it('rejects a top level that is not an object, and invalid JSON with its line', async () => {
    const list = await failure(readJsonObjectList(await write('[{"data": []}]'), 'data'));
    expect(list.message).toContain('Expected a JSON object with a "data" list at the top level.');
    expect(list.location?.line).toBe(1);
    const invalid = await failure(readJsonObjectList(await write('{"data": [\n{"a": 1},\n]}'), 'data'));
    expect(invalid.location?.line).toBe(3);
  });
});
