import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBMED_QA_FILE } from '@medhelm/benchmark-pubmed-qa';

/**
 * A `--data-dir` folder holding `pubmed_qa/ori_pqal.json` with `count` PQA-L entries: the bundled
 * real sample, cycled, each question made distinct so no two requests are the same.
 */
export function pubmedQaData(count: number): string {
  const directory = mkdtempSync(join(tmpdir(), 'medhelm-pubmed-data-'));
  const sample = Object.values(JSON.parse(readFileSync(PUBMED_QA_FILE.samplePath ?? '', 'utf8')) as object);
  const entries: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    const entry = sample[index % sample.length] as { QUESTION: string };
    entries[String(30_000_000 + index)] = { ...entry, QUESTION: `${entry.QUESTION} (${index})` };
  }
  mkdirSync(join(directory, 'pubmed_qa'));
  writeFileSync(join(directory, 'pubmed_qa', 'ori_pqal.json'), JSON.stringify(entries));
  return directory;
}
