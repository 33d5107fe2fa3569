import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';
import {
  describeTieredBenchmarkRuns,
  packageDirectory,
  type TieredBenchmarkRow,
  temporaryDirectory,
} from './tiered-benchmark-runs.ts';

// The seven gated benchmarks, run end to end on the SYNTHETIC fixtures their packages bundle: with
// the in-process baseline, against a local OpenAI-compatible server (judges too), refused for a
// deployment not marked local or trusted, and stopped before any request when the data is missing.

const GATED_BENCHMARKS: TieredBenchmarkRow[] = [
  {
    id: 'ehrshot',
    runs: {
      'ehrshot:subject=guo_readmission': 4,
      'ehrshot:subject=new_hypertension': 3,
      'ehrshot:subject=lab_anemia': 6,
    },
    jury: false,
    missing: ['data/data.parquet', 'labels/guo_readmission/labels.parquet'],
    reply: 'B',
    // Two lab_anemia prompts repeat others (timelines of only MEDS_BIRTH).
    candidateCalls: 11,
    baseline(output) {
      // first-option answers A (yes). guo_readmission's file rows are yes, no, yes, no (HELM: 2/4); the
      // labels its prompts were built from are no, no, yes, yes (corrected: 2/4 as well).
      expect(output.testMean('ehrshot:subject=guo_readmission', 'exact_match')).toBe(0.5);
      expect(output.testMean('ehrshot:subject=guo_readmission', 'exact_match_corrected')).toBe(0.5);
      // Our corrected references never reach HELM's files.
      const state = readFileSync(
        join(output.runDirectory('ehrshot:subject=guo_readmission'), 'scenario_state.json'),
        'utf8',
      );
      expect(state).not.toContain('orrected');
      expect(output.json('ehrshot:subject=guo_readmission', 'run_spec.json')).toMatchObject({
        scenario_spec: {
          class_name: 'helm.benchmark.scenarios.ehrshot_scenario.EHRSHOTScenario',
          args: { subject: 'guo_readmission', max_length: 100000 },
        },
      });
    },
    local(output, server) {
      const [first] = server.requests;
      expect(
        first?.call?.prompt.startsWith(
          'Answer A for yes, B for no.\n\n: \n# Instructions\nYou are an expert hospitalist',
        ),
      ).toBe(true);
      expect(first?.call?.maxTokens).toBe(1);
      // Always "no": HELM's file-order labels give 2/4, the prompts' own labels (no, no, yes, yes) 2/4.
      expect(output.testMean('ehrshot:subject=guo_readmission', 'exact_match')).toBe(0.5);
      expect(output.testMean('ehrshot:subject=guo_readmission', 'exact_match_corrected')).toBe(0.5);
    },
  },
  {
    id: 'medalign',
    runs: { medalign: 3 },
    jury: true,
    missing: [
      'clinician-reviewed-model-responses.tsv',
      'clinician-instruction-responses.tsv',
      'medalign_ehr_xml/',
    ],
    reply: 'Start lisinopril 10 mg daily.',
    baseline(output) {
      expect(output.json('medalign', 'run_spec.json')).toMatchObject({
        scenario_spec: { args: { max_length: 100000 } },
      });
    },
  },
  {
    id: 'n2c2_ct_matching',
    runs: {
      'n2c2_ct_matching:subject=ABDOMINAL': 4,
      'n2c2_ct_matching:subject=ADVANCED-CAD': 4,
      'n2c2_ct_matching:subject=CREATININE': 4,
    },
    jury: false,
    missing: ['test/'],
    reply: 'A',
    local(output) {
      // "A" (yes) is right for the patients meeting the criterion: ABDOMINAL 1 of 4 (2.xml),
      // ADVANCED-CAD 1 of 4 (10.xml), CREATININE 2 of 4 (2.xml, 300.xml).
      expect(
        ['ABDOMINAL', 'ADVANCED-CAD', 'CREATININE'].map((subject) =>
          output.testMean(`n2c2_ct_matching:subject=${subject}`, 'exact_match'),
        ),
      ).toEqual([0.25, 0.25, 0.5]);
    },
  },
  {
    id: 'dischargeme',
    // 5 admissions of which HELM keeps 3, two documents each.
    runs: { dischargeme: 6 },
    jury: true,
    missing: ['diagnosis.csv.gz', 'discharge.csv.gz', 'discharge_target.csv.gz', 'radiology.csv.gz'].map(
      (file) => `files/discharge-me/1.3/test_phase_1/${file}`,
    ),
    reply: 'Brief hospital course: admitted, treated, discharged home.',
  },
  {
    id: 'mimic_bhc',
    // 6 lines of which 3 have a note and a summary.
    runs: { mimic_bhc: 3 },
    jury: true,
    missing: ['mimic_iv_bhc.json'],
    reply: 'Admitted for pneumonia, treated with antibiotics, discharged home.',
  },
  {
    id: 'mimic_rrs',
    runs: { mimic_rrs: 6 },
    jury: true,
    missing: ['all/test.findings.tok', 'all/test.impression.tok'],
    reply: 'no acute cardiopulmonary process .',
    baseline(output) {
      // The baseline answers "" to a generation prompt: ROUGE-L 0 on every instance.
      expect(output.testMean('mimic_rrs', 'rouge_l')).toBe(0);
    },
    local(output, server) {
      const first = server.requests.find(
        (request) => (request.body as { model?: string }).model === 'candidate',
      );
      expect(JSON.stringify(first?.body)).toContain(
        'Be as concise as possible.\\n\\nFindings:\\nsynthetic fixture f01 . chest radiograph .',
      );
      // "no acute cardiopulmonary process ." is the first pair's gold impression: ROUGE-L 1 there.
      expect(output.testMean('mimic_rrs', 'rouge_l')).toBeGreaterThan(1 / 6);
    },
  },
  {
    id: 'mimiciv_billing_code',
    runs: { mimiciv_billing_code: 6 },
    jury: false,
    missing: ['mimiciv_icd10.feather'],
    reply: '**I10**, E11.9, F32',
    baseline(output) {
      // The baseline answers "": no code. Where the reference has none either (id2, id4) HELM's
      // scikit-learn call raises, so those instances have no HELM stat; the others score 0.
      expect(output.instancesWith('mimiciv_billing_code', 'mimiciv_billing_code_f1')).toEqual([
        'id0',
        'id1',
        'id3',
        'id5',
      ]);
      expect(output.testMean('mimiciv_billing_code', 'mimiciv_billing_code_f1')).toBe(0);
      // Corrected: no code expected and none given is right (1) on id2 and id4, 0 elsewhere.
      expect(output.instancesWith('mimiciv_billing_code', 'mimiciv_billing_code_f1_corrected')).toHaveLength(
        6,
      );
      expect(output.testMean('mimiciv_billing_code', 'mimiciv_billing_code_f1_corrected')).toBeCloseTo(
        2 / 6,
        12,
      );
    },
    local(output, server) {
      expect(JSON.stringify(server.requests[0]?.body)).toContain(
        'Given the following clinical note, identify all relevant ICD-10 codes.',
      );
      // Predicted {I10, E11.9, F32}. HELM: id1 and id5 share one code (P 1/3, R 1/2, F1 0.4), and so
      // does id3, whose F32.A HELM reads as F32; the rest 0: mean 1.2 / 6. Corrected: F32 is not
      // F32A, so id3 scores 0: mean 0.8 / 6.
      expect(output.testMean('mimiciv_billing_code', 'mimiciv_billing_code_f1')).toBeCloseTo(1.2 / 6, 12);
      expect(output.testMean('mimiciv_billing_code', 'mimiciv_billing_code_f1_corrected')).toBeCloseTo(
        0.8 / 6,
        12,
      );
      expect(
        output.json<{ headline?: { corrected?: { name?: string } } }>(
          'mimiciv_billing_code',
          'medhelm_run.json',
        ).headline?.corrected?.name,
      ).toBe('mimiciv_billing_code_f1_corrected');
      expect(
        output
          .json<{ metric_specs: Array<{ class_name: string }> }>('mimiciv_billing_code', 'run_spec.json')
          .metric_specs.map((spec) => spec.class_name),
      ).toEqual([
        'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
        'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric',
      ]);
    },
  },
];

describeTieredBenchmarkRuns('gated', GATED_BENCHMARKS);

describe('gated run entries: arguments and data_path', () => {
  it('take max_length= and subject= from run entries', { timeout: 120_000 }, async () => {
    const cwd = temporaryDirectory();
    const result = await runCli(
      [
        'run',
        '--run-entries',
        'medalign:max_length=270,model=baseline:first-option',
        '--run-entries',
        'n2c2_ct_matching:subject=ENGLISH,model=baseline:first-option',
        '--sample',
        '--suite',
        'entries',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const output = new RunOutput(cwd, 'entries');
    // 270 tokens leave no room for an EHR after the 256 of the answer and the template.
    const medalign = output.prompts('medalign');
    expect(medalign).toHaveLength(3);
    expect(medalign.every((prompt) => prompt.includes('\n\nEHR: \n\nQuestion: '))).toBe(true);
    const n2c2 = output.prompts('n2c2_ct_matching:subject=ENGLISH');
    expect(n2c2).toHaveLength(4);
    expect(n2c2.every((prompt) => prompt.includes('inclusion criterion "ENGLISH"?'))).toBe(true);
  });

  it('refuse an unknown value, a bad number and an unknown argument, listing what is accepted', async () => {
    const cwd = temporaryDirectory();
    const run = (entry: string) => runCli(['run', '--run-entries', entry, '--sample'], { cwd });

    const subject = await run('n2c2_ct_matching:subject=OBESITY,model=baseline:first-option');
    expect(subject.exitCode).toBe(2);
    expect(subject.stderr).toContain('n2c2_ct_matching argument "subject"');
    expect(subject.stderr).toContain('"ABDOMINAL"|"ADVANCED-CAD"|"ALCOHOL-ABUSE"');

    const missing = await run('n2c2_ct_matching:model=baseline:first-option');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('n2c2_ct_matching argument "subject"');

    const ehrshot = await run('ehrshot:subject=anemia,model=baseline:first-option');
    expect(ehrshot.exitCode).toBe(2);
    expect(ehrshot.stderr).toContain('ehrshot argument "subject"');
    expect(ehrshot.stderr).toContain('"lab_anemia"');

    const length = await run('medalign:max_length=lots,model=baseline:first-option');
    expect(length.exitCode).toBe(2);
    expect(length.stderr).toContain(
      'medalign argument "max_length": expected a positive whole number of cl100k tokens, e.g. 100000',
    );

    const unknown = await run('medalign:maxlength=5,model=baseline:first-option');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('medalign unknown argument "maxlength"');
    expect(unknown.stderr).toContain('medalign takes max_length');
  });

  it('names a labels file missing from a data_path folder and how to obtain EHRSHOT', async () => {
    const cwd = temporaryDirectory();
    const synthetic = join(packageDirectory('benchmark-ehrshot'), 'data', 'synthetic');
    const result = await runCli(
      ['run', '--run-entries', `ehrshot:subject=guo_los,model=baseline:first-option,data_path=${synthetic}`],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `Data missing, so no run was started: ehrshot: labels/guo_los/labels.parquet (in ${synthetic})`,
    );
    expect(result.stderr).toContain('Redivis');
  });

  it("read data_path as HELM's run entries give it: a folder, or the one file of a one-file benchmark", {
    timeout: 120_000,
  }, async () => {
    const cwd = temporaryDirectory();
    // DischargeMe: data_path is the physionet.org folder (files/discharge-me/1.3/test_phase_1/...).
    const physionet = join(cwd, 'physionet.org');
    cpSync(join(packageDirectory('benchmark-dischargeme'), 'data', 'files'), join(physionet, 'files'), {
      recursive: true,
    });
    // MIMIC-IV-BHC: data_path names the file, here under another name and with blank lines HELM cannot read.
    const bhc = join(cwd, 'exports');
    mkdirSync(bhc);
    const lines = readFileSync(
      join(packageDirectory('benchmark-mimic-bhc'), 'data', 'mimic_iv_bhc.json'),
      'utf8',
    )
      .trimEnd()
      .split('\n');
    const bhcFile = join(bhc, 'bhc-2026-12.jsonl');
    writeFileSync(bhcFile, `${lines.join('\n\n')}\n\n`);
    const result = await runCli(
      [
        'run',
        '--run-entries',
        `dischargeme:model_deployment=baseline/first-option,data_path=${physionet}`,
        '--run-entries',
        `mimic_bhc:model_deployment=baseline/first-option,data_path=${bhcFile}`,
        '--suite',
        'paths',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain("HELM's MIMICBHCScenario stops on them with a JSONDecodeError");
    const output = new RunOutput(cwd, 'paths');
    expect(output.testMean('dischargeme', 'num_instances')).toBe(6);
    expect(output.testMean('mimic_bhc', 'num_instances')).toBe(3);
  });

  it('refuses a data_path naming one file of a benchmark that reads several', async () => {
    const cwd = temporaryDirectory();
    const findings = join(packageDirectory('benchmark-mimic-rrs'), 'data', 'all', 'test.findings.tok');
    const result = await runCli(
      ['run', '--run-entries', `mimic_rrs:model_deployment=baseline/first-option,data_path=${findings}`],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `data_path=${findings} names a file, but mimic_rrs reads all/test.findings.tok, all/test.impression.tok.`,
    );
  });
});
