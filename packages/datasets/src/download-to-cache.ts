import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DatasetFileV1, DatasetLoadError } from '@medhelm/core';
import { type Dispatcher, getGlobalDispatcher, interceptors, request } from 'undici';

/** The provenance sidecar written next to every cached download (`<name>.source.json`). */
export interface DownloadProvenance {
  url: string;
  revision?: string;
  /** SHA-256 (hex) of the cached file, computed while downloading. */
  sha256: string;
  /** ISO 8601 time of the download. */
  downloadedAt: string;
}

/** What {@link downloadToCache} needs. */
export interface DownloadToCacheOptions {
  file: DatasetFileV1;
  /** The benchmark's cache folder (`<cacheDirectory>/<benchmarkId>`). */
  directory: string;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
}

const MAX_REDIRECTIONS = 5;

/**
 * Returns the cached copy of a file when it is still the one the pinned URL names (same URL and,
 * when known, same SHA-256), else downloads it: streamed to a temporary file in the cache folder,
 * hashed on the way, verified, then renamed into place so a crash never leaves a partial file
 * under the real name.
 */
export async function downloadToCache(options: DownloadToCacheOptions): Promise<string> {
  const { directory } = options;
  const url = options.file.url;
  if (url === undefined) {
    throw new DatasetLoadError(`${options.file.name} has no download URL.`, {
      hint: 'Obtain it yourself and pass its folder with --data-dir.',
    });
  }
  const file = { ...options.file, url };
  const target = join(directory, file.name);
  const inside = relative(resolve(directory), resolve(target));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw new DatasetLoadError(
      `The dataset file name "${file.name}" points outside the download cache folder ${directory}.`,
      {
        hint: 'A plugin must name its files relative to its own folder (e.g. "eicu/valid.json"); report this to the plugin author.',
      },
    );
  }
  const sidecar = `${target}.source.json`;
  if (await isUsableCacheEntry(file, target, sidecar)) return target;

  // A file name may hold upstream folders (`MEDEC-MS/<file>.csv`): the temporary file goes beside
  // the target, in the same folder, so the final rename never crosses folders.
  await mkdir(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`);
  try {
    const sha256 = await fetchToFile(file.url, temporary, options);
    if (file.sha256 !== undefined && sha256 !== file.sha256.toLowerCase()) {
      throw new DatasetLoadError(
        `Downloaded ${file.name} from ${file.url}, but its SHA-256 is ${sha256}, not the pinned ${file.sha256}.`,
        { hint: downloadHint(file, 'The upstream file changed or the download was corrupted. ') },
      );
    }
    await rename(temporary, target);
    const provenance: DownloadProvenance = {
      url: file.url,
      ...(file.revision === undefined ? {} : { revision: file.revision }),
      sha256,
      downloadedAt: new Date().toISOString(),
    };
    const temporarySidecar = `${temporary}.source.json`;
    await writeFile(temporarySidecar, `${JSON.stringify(provenance, null, 2)}\n`);
    await rename(temporarySidecar, sidecar);
    return target;
  } catch (error) {
    await rm(temporary, { force: true });
    await rm(`${temporary}.source.json`, { force: true });
    if (DatasetLoadError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatasetLoadError(`Could not download ${file.name} from ${file.url}: ${reason}`, {
      cause: error,
      hint: downloadHint(file, ''),
    });
  }
}

function downloadHint(file: DatasetFileV1, prefix: string): string {
  return (
    `${prefix}Offline or behind a firewall? Download ${file.url} yourself and pass its folder with --data-dir, ` +
    'or try the bundled sample with --sample.'
  );
}

/** Streams the URL's body into `path` (following redirects) and returns its SHA-256. */
async function fetchToFile(url: string, path: string, options: DownloadToCacheOptions): Promise<string> {
  // undici 7 follows redirects only through the interceptor, never by default.
  const dispatcher = (options.dispatcher ?? getGlobalDispatcher()).compose(
    interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }),
  );
  const response = await request(url, { method: 'GET', dispatcher, signal: options.signal });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    // Drain the body so the connection can be reused.
    await response.body.dump();
    throw new DatasetLoadError(
      `Could not download ${options.file.name} from ${url}: HTTP ${response.statusCode}.`,
      {
        hint: downloadHint(options.file, ''),
      },
    );
  }
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(response.body, hashing, createWriteStream(path, { flags: 'wx' }), {
    signal: options.signal,
  });
  return hash.digest('hex');
}

async function isUsableCacheEntry(file: DatasetFileV1, target: string, sidecar: string): Promise<boolean> {
  let provenance: Partial<DownloadProvenance>;
  try {
    provenance = JSON.parse(await readFile(sidecar, 'utf8')) as Partial<DownloadProvenance>;
  } catch {
    return false;
  }
  // A different pinned URL means a different upstream file, even under the same name.
  if (provenance.url !== file.url) return false;
  const expected = file.sha256?.toLowerCase() ?? provenance.sha256;
  if (expected === undefined) return false;
  try {
    // Hashing a few megabytes is cheap, and it catches a truncated or edited cache entry.
    return (await sha256OfFile(target)) === expected;
  } catch {
    return false;
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
