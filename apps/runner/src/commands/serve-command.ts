import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { type DirectoryServer, serveDirectory, writeSite } from '@medhelm/leaderboard';
import { type CliIo, ExitCode } from '../cli-io.ts';
import { runCount, type SiteCommandOptions, siteOptions } from './site-options.ts';

/** Options of `medhelm serve`. */
export interface ServeCommandOptions extends SiteCommandOptions {
  port: string;
}

/**
 * `medhelm serve`: writes the suite's site to a temporary folder and serves it on 127.0.0.1 until
 * Ctrl-C (io.signal), then removes the folder. Only requests for 127.0.0.1, localhost or [::1] are
 * answered (serveDirectory): a web page open in the user's browser cannot read a private run's
 * pages through DNS rebinding.
 */
export async function serveCommand(options: ServeCommandOptions, io: CliIo): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`--port must be a port number, not ${options.port}.`, {
      hint: 'For example --port 8080; --port 0 takes any free port.',
    });
  }
  const site = mkdtempSync(join(tmpdir(), 'medhelm-site-'));
  try {
    const { index } = await writeSite(siteOptions(options, site, io));
    const server = await listen(site, port);
    io.stdout.write(
      `Serving suite ${options.suite} (${runCount(index.runs.length)}) at ${server.url}\nPress Ctrl-C to stop.\n`,
    );
    await untilAborted(io.signal);
    await server.close();
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
  return ExitCode.ok;
}

async function listen(site: string, port: number): Promise<DirectoryServer> {
  try {
    return await serveDirectory(site, port);
  } catch (error) {
    throw new ConfigError(`Cannot serve on 127.0.0.1:${port}: ${(error as Error).message}`, {
      cause: error,
      hint: 'Another program may use the port: pass another with --port, or --port 0 for any free one.',
    });
  }
}

/** Resolves when `signal` aborts (never without one). */
function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}
