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

/**
 * A med_qa data folder (the unpacked archive's JSON Lines layout) with `count` test questions and
 * empty train and dev files: the workload for memory against the number of instances, since its
 * loader streams the file line by line.
 */
export function generateMedQaData(root: string, count: number): string {
  const dataDirectory = join(root, `med_qa-${count}`);
  const questions = join(dataDirectory, 'data_clean', 'questions', 'US', '4_options');
  mkdirSync(questions, { recursive: true });
  writeFileSync(join(questions, 'phrases_no_exclude_train.jsonl'), '');
  writeFileSync(join(questions, 'phrases_no_exclude_dev.jsonl'), '');
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    lines.push(
      JSON.stringify({
        question: `A ${20 + (index % 60)}-year-old patient presents with chest pain and shortness of breath after a long flight (case ${index}). Which of the following is the most likely diagnosis?`,
        answer: 'Pulmonary embolism',
        options: { A: 'Pneumothorax', B: 'Pulmonary embolism', C: 'Pericarditis', D: 'Aortic dissection' },
        meta_info: 'step2&3',
        answer_idx: 'B',
      }),
    );
  }
  writeFileSync(join(questions, 'phrases_no_exclude_test.jsonl'), `${lines.join('\n')}\n`);
  return dataDirectory;
}
