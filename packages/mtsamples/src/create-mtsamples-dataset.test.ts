import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type DatasetLoaderV1, type Instance } from '@medhelm/core';
import { createFolderResolver } from '@medhelm/datasets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtsamplesDataset } from './create-mtsamples-dataset.ts';
import { mtsamplesReportFolder } from './mtsamples-report-folder.ts';

const folder = mtsamplesReportFolder('reports', 'abc123', '/nowhere');
const source = {
  access: 'public',
  license: 'none stated upstream',
  upstream: { url: 'https://github.com/raulista1997/benchmarkdata/tree/abc123/reports', revision: 'abc123' },
  sampleInvented: true,
} as const;

/** The loader's instances, its folder read from `directory` as `--data-dir` reads it. */
async function loadFrom(directory: string, loader: DatasetLoaderV1): Promise<Instance[]> {
  const resolveFolder = createFolderResolver({
    benchmarkId: 'b',
    source: { kind: 'directory', path: directory },
  });
  const resolveFile = () => Promise.reject(new Error('no files here'));
  const instances: Instance[] = [];
  for await (const instance of loader.load({ resolveFile, resolveFolder })) instances.push(instance);
  return instances;
}

async function loadError(directory: string, loader: DatasetLoaderV1): Promise<DatasetLoadError> {
  const error = await loadFrom(directory, loader).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('createMtsamplesDataset', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('declares the raulista1997/benchmarkdata folder at its revision', () => {
    expect(folder).toEqual({
      name: 'reports',
      listing: {
        kind: 'github-contents',
        repository: 'raulista1997/benchmarkdata',
        path: 'reports',
        revision: 'abc123',
      },
      samplePath: '/nowhere',
    });
    const loader = createMtsamplesDataset({ benchmarkId: 'b', folder, source, cutMarkers: ['PLAN:'] });
    expect(loader.upstream).toEqual({
      url: 'https://github.com/raulista1997/benchmarkdata/tree/abc123/reports',
      revision: 'abc123',
    });
    expect(loader.sampleInvented).toBe(true);
    expect(loader.folders).toEqual([folder]);
  });

  it('yields one instance per report with a section, in listing order, reading what include keeps', async () => {
    await mkdir(join(scratch, 'reports'));
    await writeFile(join(scratch, 'reports', 'b.txt'), 'b\r\nSUMMARY: s\r\nPLAN: second\r\n');
    await writeFile(join(scratch, 'reports', 'B.txt'), 'B\rPLAN: first\r');
    await writeFile(join(scratch, 'reports', 'C.txt'), 'no section');
    await writeFile(join(scratch, 'reports', 'D #1.txt'), 'x\nPLAN: skipped');
    await writeFile(join(scratch, 'reports', 'notes.md'), 'x\nPLAN: not a report\n');
    const loader = createMtsamplesDataset({
      benchmarkId: 'b',
      folder,
      source,
      cutMarkers: ['PLAN:'],
      include: (name) => !name.includes('#'),
    });
    // Byte order of the names (B before b), each read in Python text mode (CR and CRLF end lines).
    expect(
      (await loadFrom(scratch, loader)).map((instance) => [
        instance.input.text,
        instance.references[0]?.output.text,
      ]),
    ).toEqual([
      ['B', 'first'],
      ['b\nSUMMARY: s', 'second'],
    ]);
  });

  it('fails on a report that is not UTF-8, naming its file and line, when loading', async () => {
    await mkdir(join(scratch, 'reports'));
    await writeFile(join(scratch, 'reports', 'Good.txt'), 'x\nPLAN: ok\n');
    await writeFile(
      join(scratch, 'reports', 'Bad.txt'),
      Buffer.concat([Buffer.from('x\nPLAN: '), Buffer.from([0xe2, 0x28])]),
    );
    const error = await loadError(
      scratch,
      createMtsamplesDataset({ benchmarkId: 'b', folder, source, cutMarkers: ['PLAN:'] }),
    );
    expect(error.location).toEqual({ file: join(scratch, 'reports', 'Bad.txt'), line: 2 });
    expect(error.message).toContain('not valid UTF-8');
  });

  it('fails on a folder without reports, naming it', async () => {
    await mkdir(join(scratch, 'reports'));
    const error = await loadError(
      scratch,
      createMtsamplesDataset({ benchmarkId: 'b', folder, source, cutMarkers: ['PLAN:'] }),
    );
    expect(error.location?.file).toBe(join(scratch, 'reports'));
    expect(error.message).toContain('no .txt report');
  });

  it('fails clearly when the folder is missing from the data directory, naming the upstream folder', async () => {
    const error = await loadError(
      scratch,
      createMtsamplesDataset({ benchmarkId: 'b', folder, source, cutMarkers: ['PLAN:'] }),
    );
    expect(error.hint).toContain('https://github.com/raulista1997/benchmarkdata/tree/abc123/reports');
  });

  it('fails clearly under an engine that cannot resolve folders', async () => {
    const loader = createMtsamplesDataset({ benchmarkId: 'b', folder, source, cutMarkers: ['PLAN:'] });
    const load = async () => {
      for await (const _ of loader.load({ resolveFile: async () => '' })) {
        // nothing
      }
    };
    const error = await load().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain('cannot resolve folders');
  });
});
