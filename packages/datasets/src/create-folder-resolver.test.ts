import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatasetFolderV1, DatasetLoadError } from '@medhelm/core';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderResolver } from './create-file-resolver.ts';

const REVISION = 'abc123';
const FOLDER: DatasetFolderV1 = {
  name: 'reports',
  listing: { kind: 'github-contents', repository: 'owner/data', path: 'top/reports', revision: REVISION },
};

// Names that need URL encoding: a space, an ampersand and a `#` (a fragment if left unencoded).
const FILES: Record<string, string> = {
  'Knee Exam & Plan.txt': 'Sample Name: knee\nPLAN: Rest.\n',
  'Report #2.txt': 'Sample Name: two\n',
};

let scratch: string;
let agent: MockAgent;
let requests: string[];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-folders-'));
  requests = [];
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Serves the contents listing (`times` times) and each file from GitHub's hosts, recording paths. */
function serveUpstream(options: { times?: number; listing?: unknown; status?: number } = {}): void {
  const api = agent.get('https://api.github.com');
  api
    .intercept({ path: `/repos/owner/data/contents/top/reports?ref=${REVISION}`, method: 'GET' })
    .reply((request) => {
      requests.push(`api ${request.path} ${JSON.stringify(request.headers)}`);
      return {
        statusCode: options.status ?? 200,
        data: JSON.stringify(
          options.listing ?? [
            ...Object.keys(FILES).map((name) => ({ name, type: 'file' })),
            { name: 'images', type: 'dir' },
          ],
        ),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    })
    .times(options.times ?? 1);
  const raw = agent.get('https://raw.githubusercontent.com');
  for (const [name, body] of Object.entries(FILES)) {
    raw
      .intercept({ path: `/owner/data/${REVISION}/top/reports/${encodeURIComponent(name)}`, method: 'GET' })
      .reply(() => {
        requests.push(`raw ${name}`);
        return { statusCode: 200, data: body };
      })
      .persist();
  }
}

async function rejection(promise: Promise<unknown>): Promise<DatasetLoadError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('createFolderResolver: download', () => {
  it('lists the folder at the pinned revision and downloads every file into <cache>/<benchmark>/<folder>', async () => {
    serveUpstream();
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const path = await resolveFolder(FOLDER);
    expect(path).toBe(join(scratch, 'mtsamples_x', 'reports'));
    for (const [name, body] of Object.entries(FILES)) {
      expect(await readFile(join(path, name), 'utf8')).toBe(body);
      const sidecar = JSON.parse(await readFile(join(path, `${name}.source.json`), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(sidecar).toMatchObject({
        url: `https://raw.githubusercontent.com/owner/data/${REVISION}/top/reports/${encodeURIComponent(name)}`,
        revision: REVISION,
        sha256: createHash('sha256').update(body).digest('hex'),
      });
    }
    // The sub-folder entry is not a file: nothing is fetched for it.
    expect(requests.filter((entry) => entry.startsWith('raw')).sort()).toEqual([
      'raw Knee Exam & Plan.txt',
      'raw Report #2.txt',
    ]);
    const [listingRequest] = requests.filter((entry) => entry.startsWith('api'));
    expect(listingRequest).toContain('"user-agent":"medhelm-datasets"');
    expect(listingRequest).toContain('"accept":"application/vnd.github+json"');
    const listing = JSON.parse(
      await readFile(join(scratch, 'mtsamples_x', 'reports.listing.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(listing).toMatchObject({
      url: `https://api.github.com/repos/owner/data/contents/top/reports?ref=${REVISION}`,
      revision: REVISION,
      files: ['Knee Exam & Plan.txt', 'Report #2.txt'],
    });
  });

  it('reuses the cached listing and files without any request', async () => {
    serveUpstream();
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const path = await resolveFolder(FOLDER);
    const count = requests.length;
    expect(await resolveFolder(FOLDER)).toBe(path);
    expect(requests).toHaveLength(count);
  });

  it('downloads a damaged cached file again, from the cached listing', async () => {
    serveUpstream();
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const path = await resolveFolder(FOLDER);
    await writeFile(join(path, 'Report #2.txt'), 'edited');
    requests.length = 0;
    await resolveFolder(FOLDER);
    expect(requests).toEqual(['raw Report #2.txt']);
    expect(await readFile(join(path, 'Report #2.txt'), 'utf8')).toBe(FILES['Report #2.txt']);
  });

  it('fails on an HTTP error of the listing, naming the URL and the offline alternatives', async () => {
    serveUpstream({ status: 403 });
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain(
      `https://api.github.com/repos/owner/data/contents/top/reports?ref=${REVISION}`,
    );
    expect(error.message).toContain('403');
    expect(error.hint).toContain('--data-dir');
    expect(error.hint).toContain(`https://github.com/owner/data/tree/${REVISION}/top/reports`);
    expect(error.hint).toContain('--sample');
  });

  it('refuses a listing that is not a folder listing', async () => {
    serveUpstream({ listing: { name: 'reports', type: 'file' } });
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain('not a folder listing');
  });

  it('refuses an entry name that would leave the folder', async () => {
    serveUpstream({ listing: [{ name: '../escape.txt', type: 'file' }] });
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain('not a plain file name');
    expect(requests.filter((entry) => entry.startsWith('raw'))).toEqual([]);
  });

  it('fails on a file that cannot be downloaded, naming its URL', async () => {
    serveUpstream({ listing: [{ name: 'Missing.txt', type: 'file' }] });
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
    });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain(
      `https://raw.githubusercontent.com/owner/data/${REVISION}/top/reports/Missing.txt`,
    );
  });
});

describe('createFolderResolver: directory', () => {
  it('finds the folder directly in the directory, then in a <benchmark> subfolder', async () => {
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'directory', path: scratch },
    });
    await mkdir(join(scratch, 'mtsamples_x', 'reports'), { recursive: true });
    expect(await resolveFolder(FOLDER)).toBe(join(scratch, 'mtsamples_x', 'reports'));
    await mkdir(join(scratch, 'reports'));
    expect(await resolveFolder(FOLDER)).toBe(join(scratch, 'reports'));
  });

  it('does not take a file of that name for the folder', async () => {
    await writeFile(join(scratch, 'reports'), 'not a folder');
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'directory', path: scratch },
    });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain(join(scratch, 'reports'));
  });

  it('names both places it looked and where to get the folder when it is missing', async () => {
    const resolveFolder = createFolderResolver({
      benchmarkId: 'mtsamples_x',
      source: { kind: 'directory', path: scratch },
    });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain(join(scratch, 'reports'));
    expect(error.message).toContain(join(scratch, 'mtsamples_x', 'reports'));
    expect(error.hint).toContain(`https://github.com/owner/data/tree/${REVISION}/top/reports`);
    expect(error.hint).toContain(REVISION);
  });
});

describe('createFolderResolver: sample', () => {
  it('returns the bundled sample folder', async () => {
    const resolveFolder = createFolderResolver({ benchmarkId: 'mtsamples_x', source: { kind: 'sample' } });
    expect(await resolveFolder({ ...FOLDER, samplePath: scratch })).toBe(scratch);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('says the package ships no sample and what to do instead', async () => {
    const resolveFolder = createFolderResolver({ benchmarkId: 'mtsamples_x', source: { kind: 'sample' } });
    const error = await rejection(resolveFolder(FOLDER));
    expect(error.message).toContain('ships no sample of the folder reports');
    expect(error.hint).toContain('--data-dir');
    expect(error.hint).toContain('download');
  });

  it('fails when the declared sample folder is missing', async () => {
    const resolveFolder = createFolderResolver({ benchmarkId: 'mtsamples_x', source: { kind: 'sample' } });
    const samplePath = join(scratch, 'absent');
    const error = await rejection(resolveFolder({ ...FOLDER, samplePath }));
    expect(error.message).toContain(samplePath);
  });
});

describe('createFolderResolver: a folder that cannot be downloaded (gated data)', () => {
  const GATED: DatasetFolderV1 = { name: 'ehr_xml' };
  const obtain = 'the Example data use agreement, https://example.org/dua';

  it('is never downloaded: the error says how to obtain it and where to point the run', async () => {
    const resolveFolder = createFolderResolver({
      benchmarkId: 'gated_x',
      source: { kind: 'download', cacheDirectory: scratch },
      dispatcher: agent,
      obtain,
    });
    const error = await rejection(resolveFolder(GATED));
    expect(error.message).toBe(`gated_x: the folder ehr_xml cannot be downloaded; it comes (${obtain}).`);
    expect(error.hint).toContain('--data-dir');
    expect(error.hint).toContain('data_path=');
    expect(await readdir(scratch)).toEqual([]);
  });

  it('is found in a data directory like any folder, and its absence names the access to obtain', async () => {
    const resolveFolder = createFolderResolver({
      benchmarkId: 'gated_x',
      source: { kind: 'directory', path: scratch },
      obtain,
    });
    const error = await rejection(resolveFolder(GATED));
    expect(error.message).toContain(join(scratch, 'gated_x', 'ehr_xml'));
    expect(error.hint).toBe(`Obtain the folder ehr_xml (${obtain}) and put it in one of those places.`);
    await mkdir(join(scratch, 'ehr_xml'));
    expect(await resolveFolder(GATED)).toBe(join(scratch, 'ehr_xml'));
  });

  it('without a bundled sample, points to --data-dir only (there is nothing to download)', async () => {
    const resolveFolder = createFolderResolver({
      benchmarkId: 'gated_x',
      source: { kind: 'sample' },
      obtain,
    });
    const error = await rejection(resolveFolder(GATED));
    expect(error.hint).toBe(`Use --data-dir with a folder holding ehr_xml/ (${obtain}).`);
    expect(await resolveFolder({ ...GATED, samplePath: scratch })).toBe(scratch);
  });
});
