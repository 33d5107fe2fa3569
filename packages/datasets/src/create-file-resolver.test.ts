import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatasetFileV1, DatasetLoadError } from '@medhelm/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileResolver } from './create-file-resolver.ts';

const BODY = 'Row Number,Question\n1,"What is the score?"\n';
const BODY_SHA256 = createHash('sha256').update(BODY).digest('hex');

let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/data/test_data.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(BODY);
    } else if (request.url === '/moved/test_data.csv') {
      response.writeHead(302, { location: '/data/test_data.csv' });
      response.end();
    } else {
      response.writeHead(404);
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

let scratch: string;
beforeEach(async () => {
  requests.length = 0;
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-datasets-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function remoteFile(path: string, extra: Partial<DatasetFileV1> = {}): DatasetFileV1 {
  return { name: 'test_data.csv', url: `${baseUrl}${path}`, revision: 'abc123', ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<DatasetLoadError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('createFileResolver: download', () => {
  it('downloads into <cache>/<benchmark>/<name> with a provenance sidecar, then reuses it without a request', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    const file = remoteFile('/data/test_data.csv');

    const path = await resolveFile(file);
    expect(path).toBe(join(scratch, 'medcalc_bench', 'test_data.csv'));
    expect(await readFile(path, 'utf8')).toBe(BODY);
    const sidecar = JSON.parse(await readFile(`${path}.source.json`, 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({ url: file.url, revision: 'abc123', sha256: BODY_SHA256 });
    expect(Number.isNaN(Date.parse(String(sidecar.downloadedAt)))).toBe(false);
    expect(requests).toEqual(['/data/test_data.csv']);

    expect(await resolveFile(file)).toBe(path);
    expect(requests).toHaveLength(1);
    expect((await readdir(join(scratch, 'medcalc_bench'))).sort()).toEqual([
      'test_data.csv',
      'test_data.csv.source.json',
    ]);
  });

  it('downloads a file whose upstream name holds folders (MEDEC-MS/<file>) into those folders', async () => {
    const cacheDirectory = join(scratch, 'cache');
    const resolveFile = createFileResolver({
      benchmarkId: 'medec',
      source: { kind: 'download', cacheDirectory },
    });
    const path = await resolveFile(remoteFile('/data/test_data.csv', { name: 'MEDEC-MS/test_data.csv' }));
    expect(path).toBe(join(cacheDirectory, 'medec', 'MEDEC-MS', 'test_data.csv'));
    expect(await readFile(path, 'utf8')).toBe(BODY);
    expect((await readdir(join(cacheDirectory, 'medec', 'MEDEC-MS'))).sort()).toEqual([
      'test_data.csv',
      'test_data.csv.source.json',
    ]);
  });

  it('refuses a file name that would leave the cache folder', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'medec',
      source: { kind: 'download', cacheDirectory: join(scratch, 'cache') },
    });
    const error = await rejection(resolveFile(remoteFile('/data/test_data.csv', { name: '../escape.csv' })));
    expect(error.message).toContain('../escape.csv');
    expect(requests).toEqual([]);
  });

  it('verifies a pinned sha256 and reuses the cache while it matches', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    const file = remoteFile('/data/test_data.csv', { sha256: BODY_SHA256.toUpperCase() });
    const path = await resolveFile(file);
    await resolveFile(file);
    expect(requests).toHaveLength(1);

    // A damaged cache entry no longer matches, so it is fetched again.
    await writeFile(path, 'truncated');
    await resolveFile(file);
    expect(requests).toHaveLength(2);
    expect(await readFile(path, 'utf8')).toBe(BODY);
  });

  it('downloads again when the pinned URL changed', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    await resolveFile(remoteFile('/data/test_data.csv'));
    await resolveFile(remoteFile('/moved/test_data.csv'));
    expect(requests).toEqual(['/data/test_data.csv', '/moved/test_data.csv', '/data/test_data.csv']);
  });

  it('follows redirects', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    const path = await resolveFile(remoteFile('/moved/test_data.csv'));
    expect(await readFile(path, 'utf8')).toBe(BODY);
  });

  it('rejects a download whose sha256 differs and leaves no file behind', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    const file = remoteFile('/data/test_data.csv', { sha256: '0'.repeat(64) });
    const error = await rejection(resolveFile(file));
    expect(error.message).toContain(file.url);
    expect(error.message).toContain(BODY_SHA256);
    expect(error.hint).toContain('--data-dir');
    expect(error.hint).toContain('--sample');
    expect(await readdir(join(scratch, 'medcalc_bench'))).toEqual([]);
  });

  it('fails on HTTP 404 naming the URL and the offline alternatives', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'pubmed_qa',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    const file = remoteFile('/missing/ori_pqal.json', { name: 'ori_pqal.json' });
    const error = await rejection(resolveFile(file));
    expect(error.message).toContain(file.url);
    expect(error.message).toContain('404');
    expect(error.hint).toContain('--data-dir');
    expect(error.hint).toContain('--sample');
    expect(await readdir(join(scratch, 'pubmed_qa'))).toEqual([]);
  });

  it('fails on a connection error naming the URL', async () => {
    const resolveFile = createFileResolver({
      benchmarkId: 'pubmed_qa',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    // Port 9 (discard) on loopback is closed on test machines, so the connection is refused.
    const file: DatasetFileV1 = { name: 'ori_pqal.json', url: 'http://127.0.0.1:9/ori_pqal.json' };
    const error = await rejection(resolveFile(file));
    expect(error.message).toContain(file.url);
    expect(error.hint).toContain('--data-dir');
  });
});

describe('createFileResolver: directory', () => {
  it('finds a file directly in the directory, then in a <benchmark> subfolder', async () => {
    const file = remoteFile('/data/test_data.csv');
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'directory', path: scratch },
    });
    await mkdir(join(scratch, 'medcalc_bench'));
    await writeFile(join(scratch, 'medcalc_bench', 'test_data.csv'), BODY);
    expect(await resolveFile(file)).toBe(join(scratch, 'medcalc_bench', 'test_data.csv'));
    await writeFile(join(scratch, 'test_data.csv'), BODY);
    expect(await resolveFile(file)).toBe(join(scratch, 'test_data.csv'));
    expect(requests).toEqual([]);
  });

  it('names both places it looked and where to get the file when it is missing', async () => {
    const file = remoteFile('/data/test_data.csv');
    const resolveFile = createFileResolver({
      benchmarkId: 'medcalc_bench',
      source: { kind: 'directory', path: scratch },
    });
    const error = await rejection(resolveFile(file));
    expect(error.message).toContain(join(scratch, 'test_data.csv'));
    expect(error.message).toContain(join(scratch, 'medcalc_bench', 'test_data.csv'));
    expect(error.hint).toContain(file.url);
  });
});

describe('createFileResolver: sample', () => {
  it('returns the bundled sample path', async () => {
    const samplePath = join(scratch, 'sample.csv');
    await writeFile(samplePath, BODY);
    const resolveFile = createFileResolver({ benchmarkId: 'medcalc_bench', source: { kind: 'sample' } });
    expect(await resolveFile(remoteFile('/data/test_data.csv', { samplePath }))).toBe(samplePath);
  });

  it('says the package ships no sample and what to do instead', async () => {
    const resolveFile = createFileResolver({ benchmarkId: 'medcalc_bench', source: { kind: 'sample' } });
    const error = await rejection(resolveFile(remoteFile('/data/test_data.csv')));
    expect(error.message).toContain('ships no sample for test_data.csv');
    expect(error.hint).toContain('--data-dir');
    expect(error.hint).toContain('download');
  });

  it('fails when the declared sample file is missing', async () => {
    const resolveFile = createFileResolver({ benchmarkId: 'medcalc_bench', source: { kind: 'sample' } });
    const samplePath = join(scratch, 'absent.csv');
    const error = await rejection(resolveFile(remoteFile('/data/test_data.csv', { samplePath })));
    expect(error.message).toContain(samplePath);
  });
});

describe('createFileResolver: a file shipped in the package (packagedPath)', () => {
  const packagedFile = (packagedPath: string): DatasetFileV1 => ({ name: 'questions.jsonl', packagedPath });

  it('is read in place by every data source, with nothing downloaded', async () => {
    const packagedPath = join(scratch, 'plugin', 'data', 'questions.jsonl');
    await mkdir(join(scratch, 'plugin', 'data'), { recursive: true });
    await writeFile(packagedPath, '{"question":"q"}\n');
    const cacheDirectory = join(scratch, 'cache');
    const empty = join(scratch, 'empty');
    await mkdir(empty);
    for (const source of [
      { kind: 'download', cacheDirectory },
      { kind: 'sample' },
      { kind: 'directory', path: empty },
    ] as const) {
      const resolveFile = createFileResolver({ benchmarkId: 'my_mcq', source });
      expect(await resolveFile(packagedFile(packagedPath))).toBe(packagedPath);
    }
    expect(requests).toEqual([]);
    await expect(readdir(scratch)).resolves.not.toContain('cache');
  });

  it('is replaced by a copy of the same name in the data directory', async () => {
    const packagedPath = join(scratch, 'questions-packaged.jsonl');
    await writeFile(packagedPath, '{}\n');
    await mkdir(join(scratch, 'data', 'my_mcq'), { recursive: true });
    await writeFile(join(scratch, 'data', 'my_mcq', 'questions.jsonl'), '{}\n');
    const resolveFile = createFileResolver({
      benchmarkId: 'my_mcq',
      source: { kind: 'directory', path: join(scratch, 'data') },
    });
    expect(await resolveFile(packagedFile(packagedPath))).toBe(
      join(scratch, 'data', 'my_mcq', 'questions.jsonl'),
    );
  });

  it('fails naming the path when the package lacks the file (a broken installation)', async () => {
    const packagedPath = join(scratch, 'absent', 'questions.jsonl');
    const resolveFile = createFileResolver({
      benchmarkId: 'my_mcq',
      source: { kind: 'download', cacheDirectory: scratch },
    });
    const error = await rejection(resolveFile(packagedFile(packagedPath)));
    expect(error.message).toBe(
      `The my_mcq package ships questions.jsonl at ${packagedPath}, but there is no readable file there (broken installation?).`,
    );
    expect(error.hint).toContain('"files"');
  });
});
