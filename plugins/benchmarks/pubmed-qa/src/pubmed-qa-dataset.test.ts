import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPubmedQaDataset, PUBMED_QA_FILE } from './pubmed-qa-dataset.ts';
import { pubmedQaInstance } from './pubmed-qa-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/pubmed_qa/ori_pqal.json']);
const dataset = createPubmedQaDataset();

async function loadFrom(path: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  const resolveFile = createFileResolver({ benchmarkId: 'pubmed_qa', source: { kind: 'directory', path } });
  for await (const instance of dataset.load({ resolveFile })) instances.push(instance);
  return instances;
}

describe('pubmedQaInstance', () => {
  it('builds HELM input, title-cased labels and yes/no/maybe references', () => {
    const instance = pubmedQaInstance({
      QUESTION: 'Does it work?',
      CONTEXTS: ['We tried.', 'It did.'],
      LABELS: ['MATERIALS AND METHODS', 'RESULTS'],
      final_decision: 'maybe',
    });
    expect(instance).toEqual({
      input: {
        text: 'Context: Materials And Methods. We tried.\nResults. It did.\n\nQuestion: Does it work?\n',
      },
      references: [
        { output: { text: 'yes' }, tags: [] },
        { output: { text: 'no' }, tags: [] },
        { output: { text: 'maybe' }, tags: ['correct'] },
      ],
      split: 'test',
    });
  });
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    expect(PUBMED_QA_FILE.samplePath).toBe(join(import.meta.dirname, '..', 'data', 'ori_pqal.json'));
  });

  it.skipIf(fidelityDirectory === undefined)(
    'is the first 20 entries of the shared sample, byte for byte',
    () => {
      const sampleText = readFileSync(PUBMED_QA_FILE.samplePath ?? '', 'utf8');
      const sharedText = readFileSync(
        join(fidelityDirectory ?? '', 'data', 'pubmed_qa', 'ori_pqal.json'),
        'utf8',
      );
      // Entries are serialized as upstream (Python json.dumps, indent 4, ASCII-escaped, no final
      // newline), so the sample is the shared file cut before its 21st entry and closed again.
      const entryStarts = [...sharedText.matchAll(/^ {4}"\d+": \{$/gm)].map((match) => match.index);
      const cut = entryStarts[20];
      expect(cut).toBeDefined();
      expect(sampleText).toBe(`${sharedText.slice(0, cut).replace(/,\n$/, '\n')}}`);
    },
  );
});

describe('malformed pubmed_qa data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-pubmed-qa-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function failure(entries: Record<string, unknown>): Promise<DatasetLoadError> {
    await writeFile(join(scratch, 'ori_pqal.json'), JSON.stringify(entries, null, 4));
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  const good = { QUESTION: 'q?', CONTEXTS: ['c'], LABELS: ['BACKGROUND'], final_decision: 'yes' };

  it('names the file, line, PMID and field of an unknown final_decision', async () => {
    const error = await failure({ '111': good, '222': { ...good, final_decision: 'perhaps' } });
    const file = join(scratch, 'ori_pqal.json');
    expect(error.location).toEqual({ file, line: 12, row: '222', field: 'final_decision' });
    expect(error.message).toContain(`${file}, line 12, row 222, field "final_decision"`);
    expect(error.message).toContain('"perhaps"');
  });

  it('names a missing final_decision', async () => {
    const { final_decision: _dropped, ...missing } = good;
    const error = await failure({ '111': missing });
    expect(error.location).toMatchObject({ row: '111', field: 'final_decision' });
  });

  it('names LABELS when there is not one label per context', async () => {
    const error = await failure({ '111': { ...good, CONTEXTS: ['a', 'b'] } });
    expect(error.location).toMatchObject({ row: '111', field: 'LABELS' });
    expect(error.message).toContain('1 labels for 2 contexts');
  });

  it('names a context that is not a string', async () => {
    const error = await failure({ '111': { ...good, CONTEXTS: [42] } });
    expect(error.location).toMatchObject({ row: '111', field: 'CONTEXTS[0]' });
  });

  it('reports invalid JSON with its line', async () => {
    await writeFile(join(scratch, 'ori_pqal.json'), '{\n    "111": {\n        "QUESTION": "q?",\n    }\n}');
    const error = await loadFrom(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location?.line).toBe(4);
  });
});
