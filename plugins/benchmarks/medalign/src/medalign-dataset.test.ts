import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMedalignDataset,
  MEDALIGN_EHR_FOLDER,
  MEDALIGN_PROMPT_TEMPLATE,
  medalignEhrBudget,
} from './medalign-dataset.ts';

async function load(
  options: { maxLength?: number; dataDirectory?: string; warnings?: string[] } = {},
): Promise<Instance[]> {
  const dataset = createMedalignDataset(
    options.maxLength === undefined ? {} : { maxLength: options.maxLength },
  );
  const context = {
    ...createSampleLoadContext(
      options.dataDirectory === undefined ? {} : { dataDirectory: options.dataDirectory },
    ),
    warn: (message: string) => options.warnings?.push(message),
  };
  const instances: Instance[] = [];
  for await (const instance of dataset.load(context)) instances.push(instance);
  return instances;
}

async function loadError(options: Parameters<typeof load>[0]): Promise<DatasetLoadError> {
  const error = await load(options).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

const scratch: string[] = [];
afterEach(() => {
  for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const INSTRUCTIONS_HEADER =
  'instruction_id\tperson_id\tquestion\tmodel_name\tmodel_response\tcorrect\tis_selected_ehr';
const RESPONSES_HEADER = 'instruction_id\tannotator_num\tclinician_response\tevidence';

/** A MedAlign data folder in the release's layout, with the given TSV rows and EHR files. */
function dataFolder(files: {
  instructions: string[];
  responses: string[];
  ehrs: Record<string, string>;
}): string {
  const directory = mkdtempSync(join(tmpdir(), 'medalign-data-'));
  scratch.push(directory);
  writeFileSync(
    join(directory, 'clinician-reviewed-model-responses.tsv'),
    `${files.instructions.join('\n')}\n`,
  );
  writeFileSync(join(directory, 'clinician-instruction-responses.tsv'), `${files.responses.join('\n')}\n`);
  mkdirSync(join(directory, 'medalign_ehr_xml'));
  for (const [name, text] of Object.entries(files.ehrs))
    writeFileSync(join(directory, 'medalign_ehr_xml', name), text);
  return directory;
}

/** One instruction (id 7, person 42) answered by Annotator_1, with the EHR `ehr`. */
function oneInstruction(ehr: string, question = 'FICTIONAL: Any allergies?'): string {
  return dataFolder({
    instructions: [INSTRUCTIONS_HEADER, `7\t42\t${question}\tm\tr\tyes\tyes`],
    responses: [RESPONSES_HEADER, '7\tAnnotator_1\tFICTIONAL: none.\t'],
    ehrs: { '42.xml': ehr },
  });
}

const ehr3 = readFileSync(join(MEDALIGN_EHR_FOLDER.samplePath ?? '', '2000003.xml'), 'utf8');

describe('the bundled MedAlign fixtures, read as HELM reads them', () => {
  it('give one instance per Annotator_1 answer whose instruction exists, in the answers file order', async () => {
    const instances = await load();
    expect(
      instances.map((instance) => instance.references.map((reference) => reference.output.text)),
    ).toEqual([
      ['FICTIONAL: cetirizine 10 mg daily.'],
      ['FICTIONAL: 79.8 kg on 04/06/2190.'],
      ['FICTIONAL: Yes, a glucose of 412 mg/dL is dangerously high.'],
    ]);
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
    expect(instances.every((instance) => instance.references[0]?.tags.includes('correct'))).toBe(true);
  });

  it("wrap HELM's prompt in a PassageQuestionInput with an empty passage", async () => {
    const [first] = await load();
    expect(first?.input.text).toBe(
      `\nQuestion: Instruction: Answer the following question based on the EHR:\n\nEHR: ${ehr3}\n\nQuestion: FICTIONAL: Which allergy medicine helps this patient?\n\nAnswer:`,
    );
  });

  it("take an instruction's question from its last row, and a quoted question as pandas reads it", async () => {
    const [, second, third] = await load();
    expect(second?.input.text).toContain(
      '\n\nQuestion: FICTIONAL: What was the most recent recorded weight?\n\nAnswer:',
    );
    expect(third?.input.text).toContain(
      '\n\nQuestion: FICTIONAL: The patient asks "was my sugar dangerous?"\nAnswer in one sentence.\n\nAnswer:',
    );
  });

  it('read an EHR in text mode: CRLF line ends become LF', async () => {
    const [, second] = await load();
    expect(second?.input.text).not.toContain('\r');
    expect(second?.input.text).toContain(
      'Walks the lighthouse stairs daily.\n</note>\n</day>\n</visit>\n</patient>\n',
    );
  });
});

describe('cutting the EHR to max_length cl100k tokens', () => {
  it('takes max_length - 256 - n(template) - n(question) tokens for the EHR', () => {
    const question = 'FICTIONAL: Any allergies?';
    expect(medalignEhrBudget(100_001, question) - medalignEhrBudget(100_000, question)).toBe(1);
    // "tiktoken is great!" is 6 cl100k tokens (OpenAI's tiktoken cookbook).
    expect(medalignEhrBudget(100_000, '') - medalignEhrBudget(100_000, 'tiktoken is great!')).toBe(6);
    expect(MEDALIGN_PROMPT_TEMPLATE).toContain('{ehr}');
  });

  it('keeps the last tokens, and a cut inside "≥" (e2 89 | a5) leaves U+FFFD', async () => {
    const question = 'FICTIONAL: Any allergies?';
    const data = oneInstruction('≥', question);
    // The max_length that leaves the EHR one token, then two.
    const oneToken = 1 - medalignEhrBudget(0, question);
    const [cut] = await load({ dataDirectory: data, maxLength: oneToken });
    expect(cut?.input.text).toContain('\n\nEHR: \uFFFD\n\nQuestion: ');
    const [whole] = await load({ dataDirectory: data, maxLength: oneToken + 1 });
    expect(whole?.input.text).toContain('\n\nEHR: ≥\n\nQuestion: ');
  });

  it('leaves the EHR out when the budget is not positive', async () => {
    const question = 'FICTIONAL: Any allergies?';
    const data = oneInstruction('<patient>FICTIONAL</patient>', question);
    const [instance] = await load({ dataDirectory: data, maxLength: -medalignEhrBudget(0, question) });
    expect(instance?.input.text).toBe(
      `\nQuestion: Instruction: Answer the following question based on the EHR:\n\nEHR: \n\nQuestion: ${question}\n\nAnswer:`,
    );
  });
});

describe('MedAlign data HELM stops on, or reads differently', () => {
  it('ignores, with a warning, EHR folder entries not named <person_id>.xml (HELM stops on them)', async () => {
    const data = oneInstruction('<patient>FICTIONAL</patient>');
    writeFileSync(join(data, 'medalign_ehr_xml', 'README.txt'), 'notes');
    writeFileSync(join(data, 'medalign_ehr_xml', '.DS_Store'), '');
    mkdirSync(join(data, 'medalign_ehr_xml', '43.xml'));
    const warnings: string[] = [];
    const instances = await load({ dataDirectory: data, warnings });
    expect(instances).toHaveLength(1);
    expect(warnings).toEqual([
      `medalign: ignored 3 entries of ${join(data, 'medalign_ehr_xml')} not named <person_id>.xml: .DS_Store, 43.xml, README.txt (HELM stops on them).`,
    ]);
  });

  it('needs no EHR for an instruction no answer uses (HELM stops on it)', async () => {
    const data = dataFolder({
      instructions: [
        INSTRUCTIONS_HEADER,
        '7\t42\tFICTIONAL: Q?\tm\tr\tyes\tyes',
        '8\t99\tFICTIONAL: Unused?\tm\tr\tno\tno',
      ],
      responses: [RESPONSES_HEADER, '7\tAnnotator_1\tFICTIONAL: A.\t', '8\tAnnotator_2\tFICTIONAL: B.\t'],
      ehrs: { '42.xml': '<patient/>' },
    });
    expect(await load({ dataDirectory: data })).toHaveLength(1);
  });

  it('names an answered instruction whose EHR file is missing', async () => {
    const data = dataFolder({
      instructions: [INSTRUCTIONS_HEADER, '7\t41\tFICTIONAL: Q?\tm\tr\tyes\tyes'],
      responses: [RESPONSES_HEADER, '7\tAnnotator_1\tFICTIONAL: A.\t'],
      ehrs: { '42.xml': '<patient/>' },
    });
    const error = await loadError({ dataDirectory: data });
    expect(error.message).toBe(
      `${join(data, 'clinician-reviewed-model-responses.tsv')}, line 2, row 1, field "person_id": There is no EHR for person 41: expected ${join(data, 'medalign_ehr_xml', '41.xml')}.`,
    );
  });

  it('refuses two files for one person', async () => {
    const data = oneInstruction('<patient/>');
    writeFileSync(join(data, 'medalign_ehr_xml', '042.xml'), '<patient/>');
    const error = await loadError({ dataDirectory: data });
    expect(error.message).toContain('Two EHR files are for person 42');
  });

  it('refuses an instruction id that is not an integer, naming the row and column', async () => {
    const data = dataFolder({
      instructions: [INSTRUCTIONS_HEADER, 'seven\t42\tFICTIONAL: Q?\tm\tr\tyes\tyes'],
      responses: [RESPONSES_HEADER],
      ehrs: {},
    });
    const error = await loadError({ dataDirectory: data });
    expect(error.message).toBe(
      `${join(data, 'clinician-reviewed-model-responses.tsv')}, line 2, row 1, field "instruction_id": Expected an instruction id (an integer), found "seven".`,
    );
  });

  it('names the missing columns', async () => {
    const data = dataFolder({
      instructions: ['instruction_id\tprompt\tperson_id', '7\tFICTIONAL: Q?\t42'],
      responses: [RESPONSES_HEADER],
      ehrs: {},
    });
    const error = await loadError({ dataDirectory: data });
    expect(error.message).toContain('needs the columns instruction_id, question, person_id');
    expect(error.message).toContain('missing: question.');
  });

  it('refuses a missing clinician answer (pandas NaN: HELM fails on it when scoring)', async () => {
    for (const answer of ['', 'NA', 'None']) {
      const data = dataFolder({
        instructions: [INSTRUCTIONS_HEADER, '7\t42\tFICTIONAL: Q?\tm\tr\tyes\tyes'],
        responses: [RESPONSES_HEADER, `7\tAnnotator_1\t${answer}\t`],
        ehrs: { '42.xml': '<patient/>' },
      });
      const error = await loadError({ dataDirectory: data });
      expect(error.message).toContain('field "clinician_response": The clinician response is missing');
    }
  });

  it('refuses a missing question (pandas NaN: HELM cannot tokenize it)', async () => {
    const data = oneInstruction('<patient/>', 'null');
    const error = await loadError({ dataDirectory: data });
    expect(error.message).toContain('field "question": The question is missing');
  });

  it('reads a byte-order mark before the header and CRLF rows as pandas does', async () => {
    const data = oneInstruction('<patient/>');
    const path = join(data, 'clinician-reviewed-model-responses.tsv');
    writeFileSync(path, `\uFEFF${readFileSync(path, 'utf8').replaceAll('\n', '\r\n')}`);
    const [instance] = await load({ dataDirectory: data });
    expect(instance?.input.text).toContain('\n\nQuestion: FICTIONAL: Any allergies?\n\nAnswer:');
  });

  it('fails when no answer has an instruction', async () => {
    const data = dataFolder({
      instructions: [INSTRUCTIONS_HEADER, '7\t42\tFICTIONAL: Q?\tm\tr\tyes\tyes'],
      responses: [RESPONSES_HEADER, '8\tAnnotator_1\tFICTIONAL: A.\t'],
      ehrs: { '42.xml': '<patient/>' },
    });
    const error = await loadError({ dataDirectory: data });
    expect(error.message).toContain('No instruction has an Annotator_1 answer');
  });
});
