import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DatasetFileV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  type Instance,
} from '@medhelm/core';
import { createFileResolver } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedhalluDataset, MEDHALLU_JSONL_FILE, MEDHALLU_PARQUET_FILE } from './medhallu-dataset.ts';
import { medhalluInstances, medhalluRowSchema, pythonStrListRepr } from './medhallu-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/medhallu']);
const sharedData = join(fidelityDirectory ?? '', 'data', 'medhallu');
const dataset = createMedhalluDataset();

async function load(context: DatasetLoadContextV1): Promise<Instance[]> {
  const instances: Instance[] = [];
  for await (const instance of dataset.load(context)) instances.push(instance);
  return instances;
}

function fromDirectory(path: string): DatasetLoadContextV1 {
  return {
    resolveFile: createFileResolver({ benchmarkId: 'medhallu', source: { kind: 'directory', path } }),
  };
}

describe('pythonStrListRepr (Python 3.11 str(list), expectations printed by CPython)', () => {
  it('writes the empty list and single-quoted elements', () => {
    expect(pythonStrListRepr([])).toBe('[]');
    expect(pythonStrListRepr(['a', 'b c'])).toBe("['a', 'b c']");
  });

  it("double-quotes an element with ' and no \", escapes ' when both quotes occur", () => {
    expect(pythonStrListRepr(['a', "it's"])).toBe(`['a', "it's"]`);
    expect(pythonStrListRepr(['both \' and "'])).toBe(`['both \\' and "']`);
  });

  it('escapes backslashes, \\t \\n \\r and other control characters', () => {
    expect(pythonStrListRepr(['back\\slash', 'tab\tnl\ncr\r', '\x00\x1f\x7f'])).toBe(
      "['back\\\\slash', 'tab\\tnl\\ncr\\r', '\\x00\\x1f\\x7f']",
    );
  });

  it('escapes non-printable non-ASCII (NBSP, thin spaces, soft hyphen, private use) and keeps printable', () => {
    expect(
      pythonStrListRepr(['nb\xa0sp thin\u2009 nnb\u202f', 'é±β≤°²', '😀', '\ue000', '\xad', '\u2028']),
    ).toBe("['nb\\xa0sp thin\\u2009 nnb\\u202f', 'é±β≤°²', '😀', '\\ue000', '\\xad', '\\u2028']");
  });

  it('escapes characters unassigned in Unicode 14 (Python 3.11) even where Node knows them', () => {
    expect(pythonStrListRepr(['\u{10ffff}', '\u{1fae8}'])).toBe("['\\U0010ffff', '\\U0001fae8']");
  });
});

describe('medhalluInstances', () => {
  it('makes the ground-truth instance labelled "0", then the hallucinated one labelled "1"', () => {
    const row = medhalluRowSchema.parse({
      Question: 'Does it work?',
      Knowledge: ['We tried.', "It's fine."],
      'Ground Truth': 'Yes.',
      'Difficulty Level': 'easy',
      'Hallucinated Answer': 'No, never.',
      'Category of Hallucination': 'Incomplete Information',
    });
    const knowledge = `World Knowledge: ['We tried.', "It's fine."]\n\nQuestion: Does it work?\n\n`;
    expect(medhalluInstances(row)).toEqual([
      {
        input: { text: `${knowledge}Answer: Yes.\n` },
        references: [{ output: { text: '0' }, tags: ['correct'] }],
        split: 'test',
      },
      {
        input: { text: `${knowledge}Answer: No, never.\n` },
        references: [{ output: { text: '1' }, tags: ['correct'] }],
        split: 'test',
      },
    ]);
  });
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/), and only as JSON Lines', () => {
    expect(MEDHALLU_JSONL_FILE.samplePath).toBe(
      join(import.meta.dirname, '..', 'data', 'pqa_labeled', 'train-00000-of-00001.jsonl'),
    );
    expect(MEDHALLU_PARQUET_FILE.samplePath).toBeUndefined();
  });

  it('loads with --sample from the JSON Lines twin: 20 rows, 40 instances', async () => {
    const resolveFile = createFileResolver({ benchmarkId: 'medhallu', source: { kind: 'sample' } });
    const instances = await load({ resolveFile });
    expect(instances).toHaveLength(40);
    expect(instances.map((instance) => instance.references[0]?.output.text).slice(0, 4)).toEqual([
      '0',
      '1',
      '0',
      '1',
    ]);
  });

  it.skipIf(fidelityDirectory === undefined)(
    'is the first 20 lines of the shared sample, byte for byte',
    () => {
      const sample = readFileSync(MEDHALLU_JSONL_FILE.samplePath ?? '');
      const shared = readFileSync(join(sharedData, MEDHALLU_JSONL_FILE.name));
      expect(shared.subarray(0, sample.length).equals(sample)).toBe(true);
      expect(sample.toString('utf8').split('\n')).toHaveLength(21);
      expect(sample.at(-1)).toBe(0x0a);
    },
  );
});

describe('the pinned upstream files', () => {
  it('are the Hugging Face layout at the revision HELM pins', () => {
    expect(MEDHALLU_PARQUET_FILE).toEqual({
      name: 'pqa_labeled/train-00000-of-00001.parquet',
      url: 'https://huggingface.co/datasets/UTAustin-AIHealth/MedHallu/resolve/515060458a945c633debc6fd5baac7764416b724/pqa_labeled/train-00000-of-00001.parquet',
      revision: '515060458a945c633debc6fd5baac7764416b724',
    });
    expect(dataset.files.map((file) => file.name)).toEqual([
      'pqa_labeled/train-00000-of-00001.parquet',
      'pqa_labeled/train-00000-of-00001.jsonl',
    ]);
  });
});

describe('choosing between the Parquet and its JSON Lines twin', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medhallu-'));
    await mkdir(join(scratch, 'pqa_labeled'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it.skipIf(fidelityDirectory === undefined)(
    'gives identical instances from the shared Parquet and JSON Lines (400 each)',
    async () => {
      const fromParquet = await load({
        resolveFile: async (file) => {
          if (file.name !== MEDHALLU_PARQUET_FILE.name) throw new Error(`asked for ${file.name}`);
          return join(sharedData, file.name);
        },
      });
      const fromJsonLines = await load({
        resolveFile: async (file) => {
          if (file.name === MEDHALLU_PARQUET_FILE.name) throw new DatasetLoadError('not here');
          return join(sharedData, file.name);
        },
      });
      expect(fromParquet).toHaveLength(400);
      expect(fromJsonLines).toHaveLength(400);
      expect(fromParquet).toEqual(fromJsonLines);
    },
  );

  it.skipIf(fidelityDirectory === undefined)(
    'prefers the Parquet when both are in the data directory',
    async () => {
      await copyFile(join(sharedData, MEDHALLU_PARQUET_FILE.name), join(scratch, MEDHALLU_PARQUET_FILE.name));
      // A one-row JSON Lines file next to it: were it read, there would be 2 instances, not 400.
      const firstLine = readFileSync(join(sharedData, MEDHALLU_JSONL_FILE.name), 'utf8').split('\n')[0];
      await writeFile(join(scratch, MEDHALLU_JSONL_FILE.name), `${firstLine}\n`);
      expect(await load(fromDirectory(scratch))).toHaveLength(400);
    },
  );

  it('reads the JSON Lines twin when the Parquet is not there, also in a benchmark subfolder', async () => {
    await mkdir(join(scratch, 'medhallu', 'pqa_labeled'), { recursive: true });
    await copyFile(MEDHALLU_JSONL_FILE.samplePath ?? '', join(scratch, 'medhallu', MEDHALLU_JSONL_FILE.name));
    expect(await load(fromDirectory(scratch))).toHaveLength(40);
  });

  it.skipIf(fidelityDirectory === undefined)(
    'reads a Parquet file stored under the JSON Lines name as Parquet',
    async () => {
      await copyFile(join(sharedData, MEDHALLU_PARQUET_FILE.name), join(scratch, MEDHALLU_JSONL_FILE.name));
      const resolveFile = async (file: DatasetFileV1) => {
        if (file.name === MEDHALLU_PARQUET_FILE.name) throw new DatasetLoadError('not downloaded');
        return join(scratch, file.name);
      };
      expect(await load({ resolveFile })).toHaveLength(400);
    },
  );

  it.skipIf(fidelityDirectory === undefined)(
    'downloads the Parquet into the cache in the Hugging Face layout and reads it',
    async () => {
      const parquet = readFileSync(join(sharedData, MEDHALLU_PARQUET_FILE.name));
      const requested: string[] = [];
      const server = createServer((request, response) => {
        requested.push(request.url ?? '');
        if (request.url === `/${MEDHALLU_PARQUET_FILE.name}`) response.end(parquet);
        else response.writeHead(404).end();
      });
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      try {
        const { port } = server.address() as AddressInfo;
        const cacheDirectory = join(scratch, 'cache');
        const download = createFileResolver({
          benchmarkId: 'medhallu',
          source: { kind: 'download', cacheDirectory },
        });
        // The pinned huggingface.co URL, served locally under the same path.
        const resolveFile = (file: DatasetFileV1) =>
          download({ ...file, url: `http://127.0.0.1:${port}/${file.name}` });
        expect(await load({ resolveFile })).toHaveLength(400);
        expect(requested).toEqual([`/${MEDHALLU_PARQUET_FILE.name}`]);
        expect(
          readFileSync(join(cacheDirectory, 'medhallu', MEDHALLU_PARQUET_FILE.name)).equals(parquet),
        ).toBe(true);
      } finally {
        server.close();
      }
    },
  );

  it('names both files, and says where to get the Parquet, when neither is there', async () => {
    const error = await load(fromDirectory(scratch)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    const { message, hint } = error as DatasetLoadError;
    expect(message).toContain(MEDHALLU_PARQUET_FILE.name);
    expect(message).toContain(MEDHALLU_JSONL_FILE.name);
    expect(hint).toContain(MEDHALLU_PARQUET_FILE.url);
  });

  it('does not fall back to the JSON Lines twin when the Parquet is there but corrupt', async () => {
    // E.g. an HTML error page saved under the Parquet's name.
    await writeFile(join(scratch, MEDHALLU_PARQUET_FILE.name), '<!DOCTYPE html><title>Not found</title>');
    await copyFile(MEDHALLU_JSONL_FILE.samplePath ?? '', join(scratch, MEDHALLU_JSONL_FILE.name));
    const error = await load(fromDirectory(scratch)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location).toEqual({ file: join(scratch, MEDHALLU_PARQUET_FILE.name) });
    expect((error as DatasetLoadError).message).toContain('Not a readable Parquet file');
  });
});

describe('malformed medhallu rows (JSON Lines)', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-medhallu-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const good = {
    Question: 'q?',
    Knowledge: ['k1', 'k2'],
    'Ground Truth': 'right',
    'Difficulty Level': 'easy',
    'Hallucinated Answer': 'wrong',
    'Category of Hallucination': 'Incomplete Information',
  };

  async function failure(lines: string[]): Promise<{ error: DatasetLoadError; file: string }> {
    const file = join(scratch, 'rows.jsonl');
    await writeFile(file, `${lines.join('\n')}\n`);
    const error = await load({
      resolveFile: async (wanted) => {
        if (wanted.name === MEDHALLU_PARQUET_FILE.name) throw new DatasetLoadError('not here');
        return file;
      },
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return { error: error as DatasetLoadError, file };
  }

  it('names the file, line, row and field of a Knowledge that is not a list', async () => {
    const { error, file } = await failure([
      JSON.stringify(good),
      '',
      JSON.stringify({ ...good, Knowledge: 'one string' }),
    ]);
    expect(error.location).toEqual({ file, line: 3, row: 2, field: 'Knowledge' });
    expect(error.message).toContain(`${file}, line 3, row 2, field "Knowledge": expected a list of strings`);
  });

  it('names the element of Knowledge that is not a string', async () => {
    const { error } = await failure([JSON.stringify({ ...good, Knowledge: ['k1', 7] })]);
    expect(error.location).toMatchObject({ line: 1, row: 1, field: 'Knowledge[1]' });
  });

  it('rejects a missing answer that HELM would render as "None"', async () => {
    const { error } = await failure([JSON.stringify({ ...good, 'Hallucinated Answer': null })]);
    expect(error.location).toMatchObject({ line: 1, field: 'Hallucinated Answer' });
    expect(error.message).toContain('"None"');
  });

  it('rejects a row without a Question', async () => {
    const { Question: _dropped, ...missing } = good;
    const { error } = await failure([JSON.stringify(missing)]);
    expect(error.location).toMatchObject({ line: 1, field: 'Question' });
  });

  it('reports a line that is not JSON with its number', async () => {
    const { error, file } = await failure([JSON.stringify(good), '{"Question": "q?",']);
    expect(error.location).toMatchObject({ file, line: 2 });
    expect(error.message).toContain(`${file}, line 2`);
  });

  it('reports a line that is JSON but not an object', async () => {
    const { error } = await failure(['["Question"]']);
    expect(error.location).toMatchObject({ line: 1, row: 1 });
    expect(error.message).toContain('one JSON object per line');
  });
});
