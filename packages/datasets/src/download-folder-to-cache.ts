import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatasetFolderV1, DatasetLoadError, type GithubContentsListingV1 } from '@medhelm/core';
import { type Dispatcher, getGlobalDispatcher, interceptors, request } from 'undici';
import { z } from 'zod';
import { downloadToCache } from './download-to-cache.ts';

/** What {@link downloadFolderToCache} needs. */
export interface DownloadFolderToCacheOptions {
  /** The folder; only one with a listing can be downloaded. */
  folder: DatasetFolderV1 & { listing: GithubContentsListingV1 };
  /** The benchmark's cache folder (`<cacheDirectory>/<benchmarkId>`); the folder lands in `<directory>/<folder.name>`. */
  directory: string;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
}

/** The listing sidecar written next to a downloaded folder (`<name>.listing.json`). */
interface FolderListingRecord {
  url: string;
  revision: string;
  /** The file names the listing returned, in its order. */
  files: string[];
  listedAt: string;
}

const GITHUB_API = 'https://api.github.com';
const GITHUB_RAW = 'https://raw.githubusercontent.com';
const MAX_REDIRECTIONS = 5;
// Parallel file downloads: enough to hide latency, few enough for GitHub's raw host.
const CONCURRENCY = 8;

// The fields of a contents-API entry we use. A file inside a folder never has `/` in its name.
const contentsSchema = z.array(
  z.object({
    name: z.string().regex(/^(?!\.\.?$)[^/\\]+$/, 'not a plain file name'),
    type: z.string(),
  }),
);

/**
 * Downloads an upstream folder into the cache: lists it once with the GitHub contents API at the
 * pinned revision (the listing is kept in `<name>.listing.json`, so later runs need no request),
 * then fetches every listed file from raw.githubusercontent.com at that revision with
 * `downloadToCache` (verified, with a provenance sidecar, reused while unchanged). Returns the
 * local folder. Like HELM's own listing, the contents API returns at most 1,000 entries.
 */
export async function downloadFolderToCache(options: DownloadFolderToCacheOptions): Promise<string> {
  const { folder, directory } = options;
  if (!/^(?!\.\.?$)[^/\\]+$/.test(folder.name)) {
    throw new DatasetLoadError(`The dataset folder name "${folder.name}" must be a plain folder name.`, {
      hint: 'A plugin names its folders as upstream does (e.g. "mtsamples_processed"); report this to the plugin author.',
    });
  }
  const files = await listFolder(options);
  const { listing } = folder;
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < files.length) {
      const name = files[next++] as string;
      try {
        await downloadToCache({
          file: { name: `${folder.name}/${name}`, url: rawUrl(listing, name), revision: listing.revision },
          directory,
          dispatcher: options.dispatcher,
          signal: options.signal,
        });
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  return join(directory, folder.name);
}

/** The contents-API URL HELM lists the folder with, pinned to the revision. */
export function githubContentsUrl(listing: GithubContentsListingV1): string {
  return `${GITHUB_API}/repos/${listing.repository}/contents/${encodePath(listing.path)}?ref=${encodeURIComponent(listing.revision)}`;
}

/** Where a listed file is downloaded from: raw.githubusercontent.com at the pinned revision. */
export function rawUrl(listing: GithubContentsListingV1, name: string): string {
  return `${GITHUB_RAW}/${listing.repository}/${listing.revision}/${encodePath(`${listing.path}/${name}`)}`;
}

/** The folder on github.com, for messages. */
export function githubTreeUrl(listing: GithubContentsListingV1): string {
  return `https://github.com/${listing.repository}/tree/${listing.revision}/${listing.path}`;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

async function listFolder(options: DownloadFolderToCacheOptions): Promise<string[]> {
  const { folder, directory } = options;
  const url = githubContentsUrl(folder.listing);
  const sidecar = join(directory, `${folder.name}.listing.json`);
  const cached = await readListingRecord(sidecar);
  if (cached?.url === url) return cached.files;

  const hint =
    `Offline, rate-limited or behind a firewall? Get the folder ${githubTreeUrl(folder.listing)} ` +
    `(e.g. a git checkout at ${folder.listing.revision}) and pass the folder holding ${folder.name}/ with --data-dir, ` +
    'or try the bundled sample with --sample.';
  let body: unknown;
  try {
    const dispatcher = (options.dispatcher ?? getGlobalDispatcher()).compose(
      interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }),
    );
    const response = await request(url, {
      method: 'GET',
      dispatcher,
      signal: options.signal,
      // GitHub's API refuses requests without a User-Agent.
      headers: { accept: 'application/vnd.github+json', 'user-agent': 'medhelm-datasets' },
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new DatasetLoadError(`Could not list ${folder.name} at ${url}: HTTP ${response.statusCode}.`, {
        hint,
      });
    }
    body = await response.body.json();
  } catch (error) {
    if (DatasetLoadError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatasetLoadError(`Could not list ${folder.name} at ${url}: ${reason}`, { cause: error, hint });
  }
  const parsed = contentsSchema.safeParse(body);
  if (!parsed.success) {
    throw new DatasetLoadError(
      `The GitHub contents listing of ${folder.name} at ${url} is not a folder listing: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}.`,
      { hint },
    );
  }
  // Sub-folders cannot be fetched from the raw host (HELM's download of one fails and is skipped).
  const files = parsed.data.filter((entry) => entry.type === 'file').map((entry) => entry.name);
  const record: FolderListingRecord = {
    url,
    revision: folder.listing.revision,
    files,
    listedAt: new Date().toISOString(),
  };
  await mkdir(directory, { recursive: true });
  const temporary = `${sidecar}.${process.pid}.partial`;
  await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temporary, sidecar);
  return files;
}

async function readListingRecord(path: string): Promise<FolderListingRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(path, 'utf8')) as Partial<FolderListingRecord>;
    if (typeof record.url !== 'string' || !Array.isArray(record.files)) return undefined;
    if (!record.files.every((name) => typeof name === 'string')) return undefined;
    return record as FolderListingRecord;
  } catch {
    return undefined;
  }
}
