import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  listFolderFiles,
  type ReadTextFolderOptions,
  readTextFolder,
  resolveDatasetFolder,
  type TextFolderFile,
} from './read-text-folder.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-text-folder-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function readAll(options: ReadTextFolderOptions = {}): Promise<TextFolderFile[]> {
  const files: TextFolderFile[] = [];
  for await (const file of readTextFolder(scratch, options)) files.push(file);
  return files;
}

async function failure(promise: Promise<unknown>): Promise<DatasetLoadError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('listFolderFiles', () => {
  it('lists regular files with the extension, in byte order of their UTF-8 names', async () => {
    for (const name of ['b.txt', 'B.txt', 'A - 2.txt', 'A-1.txt', 'A #3.txt', 'É.txt', 'notes.md', 'x.TXT'])
      await writeFile(join(scratch, name), 'x');
    await mkdir(join(scratch, 'folder.txt'));
    expect(await listFolderFiles(scratch)).toEqual([
      'A #3.txt',
      'A - 2.txt',
      'A-1.txt',
      'B.txt',
      'b.txt',
      'É.txt',
    ]);
    expect(await listFolderFiles(scratch, { extension: '.md' })).toEqual(['notes.md']);
  });

  it('names a folder it cannot read', async () => {
    const folder = join(scratch, 'missing');
    const error = await failure(listFolderFiles(folder));
    expect(error.location).toEqual({ file: folder });
    expect(error.message).toContain('Cannot read the folder');
  });
});

describe('readTextFolder', () => {
  it('reads each file in listing order, in Python text mode', async () => {
    await writeFile(join(scratch, 'b.txt'), 'b\r\nline\rend\n');
    await writeFile(join(scratch, 'B.txt'), '\ufeffB');
    expect(await readAll()).toEqual([
      { name: 'B.txt', path: join(scratch, 'B.txt'), text: '\ufeffB' },
      { name: 'b.txt', path: join(scratch, 'b.txt'), text: 'b\nline\nend\n' },
    ]);
  });

  it('reads only the files include keeps, without reading the others', async () => {
    await writeFile(join(scratch, 'a #1.txt'), Buffer.from([0xff]));
    await writeFile(join(scratch, 'b.txt'), 'b');
    expect((await readAll({ include: (name) => !name.includes('#') })).map(({ name }) => name)).toEqual([
      'b.txt',
    ]);
  });

  it('names the folder when it holds no such file, and the file and line of bytes that are not UTF-8', async () => {
    await writeFile(join(scratch, 'notes.md'), 'x');
    const empty = await failure(readAll({ emptyMessage: 'No report here.' }));
    expect(empty.location).toEqual({ file: scratch });
    expect(empty.message).toContain('No report here.');
    expect((await failure(readAll({ extension: '.csv' }))).message).toContain(
      'The folder holds no .csv file.',
    );
    await writeFile(
      join(scratch, 'bad.txt'),
      Buffer.concat([Buffer.from('x\nPLAN: '), Buffer.from([0xe2, 0x28])]),
    );
    const bad = await failure(readAll({ notUtf8Message: 'Not UTF-8 (upstream files are).' }));
    expect(bad.location).toEqual({ file: join(scratch, 'bad.txt'), line: 2 });
    expect(bad.message).toContain('Not UTF-8 (upstream files are).');
  });

  it('stops when the signal is aborted', async () => {
    await writeFile(join(scratch, 'a.txt'), 'a');
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(readAll({ signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('resolveDatasetFolder', () => {
  const folder = {
    name: 'reports',
    listing: { kind: 'github-contents', repository: 'o/r', path: 'p', revision: 'c' },
  } as const;

  it("returns the engine's path for the folder", async () => {
    const context = { resolveFile: async () => '', resolveFolder: async () => scratch };
    expect(await resolveDatasetFolder(context, folder, { benchmarkId: 'b' })).toBe(scratch);
  });

  it('says to update an engine that cannot resolve folders', async () => {
    const context = { resolveFile: async () => '' };
    const error = await failure(
      resolveDatasetFolder(context, folder, { benchmarkId: 'b', itemNoun: 'reports' }),
    );
    expect(error.message).toContain('b reads a folder of reports, and this engine cannot resolve folders.');
    expect(error.hint).toContain('resolveFolder');
  });
});
