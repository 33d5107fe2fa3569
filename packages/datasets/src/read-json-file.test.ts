import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonFile, readJsonObjectEntries } from './read-json-file.ts';

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

  it('rejects a top level that is not an object', async () => {
    const error = await failure(readJsonObjectEntries(await write('[1, 2]')));
    expect(error.message).toContain('Expected a JSON object');
  });
});
