import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Leaderboard } from './leaderboard.ts';
import { renderLeaderboardCsv, renderLeaderboardMarkdown } from './render-leaderboard.ts';

/** The folder summarize writes a suite's leaderboard files to: `<outputPath>/summaries/<suite>/`. */
export function summaryDirectory(outputPath: string, suite: string): string {
  return join(outputPath, 'summaries', suite);
}

/**
 * Writes leaderboard.json, leaderboard.csv and leaderboard.md into the suite's summary folder,
 * each to a temporary name renamed into place, so a reader never sees a half-written file.
 * Returns the paths written.
 */
export async function writeLeaderboardFiles(leaderboard: Leaderboard, outputPath: string): Promise<string[]> {
  const directory = summaryDirectory(outputPath, leaderboard.suite);
  await mkdir(directory, { recursive: true });
  const files: Array<[string, string]> = [
    ['leaderboard.json', `${JSON.stringify(leaderboard, null, 2)}\n`],
    ['leaderboard.csv', renderLeaderboardCsv(leaderboard)],
    ['leaderboard.md', renderLeaderboardMarkdown(leaderboard)],
  ];
  const written: string[] = [];
  for (const [name, text] of files) {
    const path = join(directory, name);
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, text);
    await rename(partial, path);
    written.push(path);
  }
  return written;
}
