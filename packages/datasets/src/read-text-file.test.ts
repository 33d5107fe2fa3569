import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextFile } from './read-text-file.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-text-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function write(content: string | Buffer): Promise<string> {
  const path = join(scratch, 'r.txt');
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

describe('readTextFile', () => {
  it('keeps line ends and a byte-order mark by default', async () => {
    expect(await readTextFile(await write('\ufeffa\r\nb\rc\n'))).toBe('\ufeffa\r\nb\rc\n');
  });

  it('reads in Python text mode on request: CRLF and lone CR become LF', async () => {
    const path = await write('\ufeffa\r\nb\rc\n\r\r\n');
    expect(await readTextFile(path, { newline: 'python-text-mode' })).toBe('\ufeffa\nb\nc\n\n\n');
  });

  it('names the file and line of bytes that are not UTF-8', async () => {
    const path = await write(Buffer.concat([Buffer.from('ok\nstill ok\nbad '), Buffer.from([0xff, 0x0a])]));
    const error = await failure(readTextFile(path));
    expect(error.location).toEqual({ file: path, line: 3 });
    expect(error.message).toContain(`${path}, line 3: The file is not valid UTF-8.`);
  });

  it('finds a sequence cut at the end of the file, and takes another message', async () => {
    const path = await write(Buffer.from([0x50, 0x4c, 0x41, 0x4e, 0x3a, 0xc3]));
    const error = await failure(readTextFile(path, { notUtf8Message: 'Not a copy of the upstream file.' }));
    expect(error.location).toEqual({ file: path, line: 1 });
    expect(error.message).toContain('Not a copy of the upstream file.');
  });

  it('names a missing file', async () => {
    const path = join(scratch, 'missing.txt');
    expect((await failure(readTextFile(path))).location).toEqual({ file: path });
  });
});
