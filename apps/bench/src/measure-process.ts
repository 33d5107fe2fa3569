import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RSS_PRELOAD = new URL('./measure-rss.mjs', import.meta.url).pathname;

/** What one measured process took. */
export interface ProcessMeasurement {
  /** Wall time from spawn to exit, seconds (start-up, data loading and writing included). */
  seconds: number;
  /** Peak resident set size, bytes. */
  peakRssBytes: number;
  exitCode: number | null;
  /** The last lines of stdout and stderr, for a failure message. */
  tail: string;
}

/**
 * Runs `node <args>` with the RSS preload and measures its wall time and peak RSS. The same
 * measurement serves the medhelm CLI and the bare fetch loop, so their figures compare.
 */
export async function measureNodeProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ProcessMeasurement> {
  const directory = mkdtempSync(join(tmpdir(), 'medhelm-bench-rss-'));
  const rssFile = join(directory, 'rss');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', RSS_PRELOAD, ...args], {
    env: { ...process.env, ...env, MEDHELM_BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  let peakRssBytes = 0;
  try {
    peakRssBytes = Number(readFileSync(rssFile, 'utf8'));
  } catch {
    // The process died before its exit handler ran; the failure is reported through exitCode.
  }
  rmSync(directory, { recursive: true, force: true });
  return { seconds, peakRssBytes, exitCode, tail: output };
}
