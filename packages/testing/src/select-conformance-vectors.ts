import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * The lines of a JSON Lines vectors file that `keep` accepts, byte for byte and in order, written
 * to a file of their own (removed when the current test finishes); returns its path. For checking
 * the vectors of what a benchmark reads by default (e.g. only the reports real HELM downloads).
 */
export async function selectConformanceVectors<Vector>(
  vectorsFile: string,
  keep: (vector: Vector) => boolean,
): Promise<string> {
  const lines = (await readFile(vectorsFile, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  const scratch = await mkdtemp(join(tmpdir(), 'medhelm-vectors-'));
  onTestFinished(() => rm(scratch, { recursive: true, force: true }));
  const selected = join(scratch, basename(vectorsFile));
  const kept = lines.filter((line) => keep(JSON.parse(line) as Vector));
  await writeFile(selected, kept.map((line) => `${line}\n`).join(''));
  return selected;
}
