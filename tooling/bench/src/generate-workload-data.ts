import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createPubmedQaBenchmark,
  PUBMED_QA_FILE,
  pubmedQaEntrySchema,
  pubmedQaInstance,
} from '@medhelm/benchmark-pubmed-qa';
import { toChatCompletionBody } from '@medhelm/chat-completions';
import { compilePromptTemplate, type IdentifiedInstance } from '@medhelm/core';

/** The model id the bench runs and the bare loop name in their requests. */
export const BENCH_MODEL = 'bench-model';

/** A workload's data: a pubmed_qa data folder for medhelm, and the same requests as bodies for the bare loop. */
export interface WorkloadData {
  dataDirectory: string;
  bodiesPath: string;
}

/**
 * Writes `ori_pqal.json` with `count` PQA-L entries (the bundled real sample, cycled, each question
 * made distinct so no request repeats) and the chat-completions body of each, rendered exactly as
 * the run renders them, for the bare fetch loop.
 */
export function generateWorkloadData(root: string, count: number): WorkloadData {
  const dataDirectory = join(root, `pubmed_qa-${count}`);
  mkdirSync(dataDirectory, { recursive: true });
  const sample = Object.values(JSON.parse(readFileSync(PUBMED_QA_FILE.samplePath ?? '', 'utf8')) as object);
  const benchmark = createPubmedQaBenchmark();
  const render = compilePromptTemplate(benchmark.prompt, {
    ...benchmark.prompt.adapterSpec,
    model: `openai-compatible/${BENCH_MODEL}`,
    model_deployment: `openai-compatible/${BENCH_MODEL}`,
  });
  const entries: Record<string, unknown> = {};
  const bodies: string[] = [];
  for (let index = 0; index < count; index++) {
    const base = pubmedQaEntrySchema.parse(sample[index % sample.length]);
    const entry = { ...base, QUESTION: `${base.QUESTION} (${index})` };
    entries[String(10_000_000 + index)] = entry;
    const instance: IdentifiedInstance = { ...pubmedQaInstance(entry), id: `id${index}` };
    bodies.push(JSON.stringify(toChatCompletionBody(BENCH_MODEL, render(instance).request)));
  }
  writeFileSync(join(dataDirectory, 'ori_pqal.json'), JSON.stringify(entries, null, 1));
  const bodiesPath = join(root, `bodies-${count}.jsonl`);
  writeFileSync(bodiesPath, `${bodies.join('\n')}\n`);
  return { dataDirectory, bodiesPath };
}
