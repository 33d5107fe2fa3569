import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createSampleLoadContext, findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMimicBhcDataset, MIMIC_BHC_FILE, MIMIC_BHC_OBTAIN } from './mimic-bhc-dataset.ts';

const packageDirectory = join(import.meta.dirname, '..');
const fixture = join(packageDirectory, 'data', 'mimic_iv_bhc.json');
const fidelityDirectory = findFidelityDirectory(['data/mimic_bhc']);

async function load(dataDirectory?: string, warnings: string[] = []): Promise<Instance[]> {
  const instances: Instance[] = [];
  const context = {
    ...createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory }),
    warn: (message: string) => warnings.push(message),
  };
  for await (const instance of createMimicBhcDataset().load(context)) instances.push(instance);
  return instances;
}

describe('the mimic_bhc file', () => {
  it("is HELM's leaderboard file name, gated (no download), the bundled copy a synthetic fixture", () => {
    expect(MIMIC_BHC_FILE).toEqual({ name: 'mimic_iv_bhc.json', samplePath: fixture });
    const dataset = createMimicBhcDataset();
    expect(dataset.access).toBe('gated');
    expect(dataset.obtain).toBe(MIMIC_BHC_OBTAIN);
    expect(MIMIC_BHC_OBTAIN).toContain('PhysioNet credentialed access');
  });
});

describe('the bundled synthetic fixture', () => {
  it('gives one test instance per line with a non-empty input and target, in file order', async () => {
    const instances = await load();
    // Lines 3 (empty input), 4 (null target) and 5 (empty target) are skipped, as HELM skips them.
    expect(instances).toHaveLength(3);
    expect(instances.map((instance) => instance.input.text.slice(0, 32))).toEqual([
      '<SEX> F <SERVICE> MEDICINE <ALLE',
      '<SEX> M <SERVICE> MEDICINE <ALLE',
      '<SEX> F <SERVICE> NEUROLOGY <ALL',
    ]);
    expect(instances.map((instance) => instance.references)).toEqual([
      [
        {
          output: {
            text: 'Brief Hospital Course:\nFICTIONAL PATIENT was admitted for invented dizziness. # Orthostatic vitals improved with fluids.\n# Examplatine held, restarted at discharge.',
          },
          tags: ['correct'],
        },
      ],
      [
        {
          output: {
            text: 'Brief Hospital Course:\nFICTIONAL PATIENT was admitted for an invented cough. # Chest film clear; no antibiotics (CRP ≤ 5 mg/L).',
          },
          tags: ['correct'],
        },
      ],
      [
        {
          output: {
            text: 'Brief Hospital Course:\nFICTIONAL PATIENT was admitted for an invented headache. # Head CT normal.\n# Discharged on examplatine.',
          },
          tags: ['correct'],
        },
      ],
    ]);
    expect(instances.every((instance) => instance.split === 'test' && instance.id === undefined)).toBe(true);
  });

  it('decodes \\uXXXX escapes and raw UTF-8 alike', async () => {
    const text = readFileSync(fixture, 'utf8');
    // Line 2 is written ASCII-only (json.dumps' default), line 1 with raw UTF-8.
    expect(text.split('\n')[1]).toContain('\\u2013 no fever, SpO\\u2082 97 %');
    expect(text.split('\n')[0]).toContain('37.2 °C');
    const [first, second] = await load();
    expect(second?.input.text).toContain('a week of cough – no fever, SpO₂ 97 % on room air.');
    expect(first?.input.text).toContain('Invented exam, temperature 37.2 °C.');
  });
});

describe.skipIf(fidelityDirectory === undefined)('the shared synthetic set', () => {
  it('loads 13 of its 16 lines', async () => {
    expect(await load(join(fidelityDirectory ?? '', 'data', 'mimic_bhc'))).toHaveLength(13);
  });
});

describe('mimic_bhc data HELM cannot read, or that is not this dataset', () => {
  let scratch: string;
  const lines = readFileSync(fixture, 'utf8').trimEnd().split('\n');
  const write = (text: string) => writeFileSync(join(scratch, 'mimic_iv_bhc.json'), text);
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'medhelm-mimic-bhc-'));
  });
  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  async function failure(): Promise<DatasetLoadError> {
    const error = await load(scratch).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(DatasetLoadError.isInstance(error), String(error)).toBe(true);
    return error as DatasetLoadError;
  }

  it('runs where HELM stops: blank lines are skipped, with a warning naming them', async () => {
    // HELM: json.loads("\n") raises JSONDecodeError, so the whole run fails before any model call.
    write(`${lines[0]}\n\n${lines[1]}\n   \n${lines.slice(2).join('\n')}\n\n`);
    const warnings: string[] = [];
    const instances = await load(scratch, warnings);
    expect(instances.map((instance) => instance.input.text)).toEqual(
      (await load()).map((instance) => instance.input.text),
    );
    expect(warnings).toEqual([
      `mimic_bhc: ${join(scratch, 'mimic_iv_bhc.json')} has blank lines (lines 2, 4), which were skipped; HELM's MIMICBHCScenario stops on them with a JSONDecodeError.`,
    ]);
  });

  it('names the line and field of a missing target', async () => {
    write(`${lines[0]}\n${(lines[1] ?? '').replace('"target": ', '"summary": ')}\n`);
    const error = await failure();
    expect(error.location).toEqual({ file: join(scratch, 'mimic_iv_bhc.json'), line: 2, field: 'target' });
  });

  it('refuses an input that is neither text nor null', async () => {
    write(`${(lines[0] ?? '').replace(/"input": "[^"]*"/, '"input": 42')}\n`);
    const error = await failure();
    expect(error.location).toMatchObject({ line: 1, field: 'input' });
    expect(error.message).toContain('(got 42)');
  });

  it('names the line and column of invalid JSON', async () => {
    write(`${lines[0]}\n{"input": "x", "target": "y",}\n`);
    const error = await failure();
    expect(error.location).toMatchObject({ line: 2 });
    // Python: "Expecting property name enclosed in double quotes: line 1 column 30 (char 29)".
    expect(error.message).toContain(
      'Invalid JSON at column 30: Expecting property name enclosed in double quotes.',
    );
  });
});
