import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { type FileDigest, fileDigest, folderDigest } from '../provenance/file-digest.ts';
import { PROVENANCE_FORMAT } from '../provenance/run-provenance.ts';
import { RUN_REPORT_FILE } from '../report/write-run-report.ts';
import { readRunJson } from './read-run-json.ts';
import type { VerificationDifference } from './run-verification.ts';

const digestSchema = z.object({ sha256: z.string(), bytes: z.number().int().nonnegative() });

/**
 * What verify reads of medhelm_run.json: its `provenance`, every part of which older runs lack
 * (unknown keys pass, so a field added later does not make verify refuse the file).
 */
const runReportSchema = z.object({
  provenance: z
    .object({
      format: z.string().optional(),
      outputs: z.record(z.string(), digestSchema).optional(),
      data: z
        .object({
          root: z.string().nullish(),
          files: z.array(digestSchema.extend({ path: z.string() })).optional(),
        })
        .nullish(),
    })
    .nullish(),
});

/** What checking the recorded digests found. */
export interface DigestCheck {
  filesChecked: number;
  dataFilesChecked: number;
  differences: VerificationDifference[];
  notes: string[];
}

/**
 * Checks the run directory's files, and the data files where they can be reached, against the
 * SHA-256 and sizes medhelm_run.json's `provenance` recorded when the run was written. Says why
 * when there is nothing to check (a run HELM wrote has no medhelm_run.json; runs written before
 * provenance was recorded have none); a data file that is not there (another machine, a moved
 * data folder) is a note, not a difference.
 */
export async function checkRecordedDigests(directory: string): Promise<DigestCheck> {
  const check: DigestCheck = { filesChecked: 0, dataFilesChecked: 0, differences: [], notes: [] };
  const reportPath = join(directory, RUN_REPORT_FILE);
  if (!existsSync(reportPath)) {
    check.notes.push(
      `no ${RUN_REPORT_FILE} (a run HELM wrote, or one copied without it): files not checked against recorded checksums`,
    );
    return check;
  }
  const { provenance } = await readRunJson(reportPath, runReportSchema);
  if (provenance === undefined || provenance === null) {
    check.notes.push(
      `${RUN_REPORT_FILE} records no provenance (written before medhelm recorded checksums): files not checked`,
    );
    return check;
  }
  if (provenance.format !== undefined && provenance.format !== PROVENANCE_FORMAT) {
    check.notes.push(
      `${RUN_REPORT_FILE} records provenance in format ${provenance.format}, which this medhelm does not read (it reads ${PROVENANCE_FORMAT}): files not checked`,
    );
    return check;
  }
  if (provenance.outputs === undefined) {
    check.notes.push(`${RUN_REPORT_FILE} records no checksums of the run's files: files not checked`);
  } else {
    for (const [name, recorded] of Object.entries(provenance.outputs)) {
      // Only the run directory's own files: a recorded name that is a path is not followed.
      if (name !== basename(name) || name === '..' || name === '.') {
        check.notes.push(`${RUN_REPORT_FILE} records ${name}, which is not a file name: not checked`);
        continue;
      }
      const path = join(directory, name);
      if (!existsSync(path)) {
        check.differences.push({
          file: name,
          message: `${name}: missing, but recorded when the run was written`,
        });
        continue;
      }
      check.filesChecked++;
      const problem = digestProblem(await fileDigest(path), recorded);
      if (problem !== undefined) check.differences.push({ file: name, message: `${name}: ${problem}` });
    }
  }
  await checkDataFiles(provenance.data, check);
  return check;
}

async function checkDataFiles(
  data:
    | { root?: string | null | undefined; files?: Array<FileDigest & { path: string }> | undefined }
    | null
    | undefined,
  check: DigestCheck,
): Promise<void> {
  if (data?.files === undefined || data.files.length === 0) {
    check.notes.push(`${RUN_REPORT_FILE} records no data files: data not checked`);
    return;
  }
  if (data.root === undefined || data.root === null) {
    check.notes.push(
      `${RUN_REPORT_FILE} records no data folder: ${data.files.length} data file(s) not checked`,
    );
    return;
  }
  for (const file of data.files) {
    const path = join(data.root, file.path);
    // A recorded folder (`path/`) has a digest over its files; anything else is one file.
    const isFolder = file.path.endsWith('/');
    if (!existsSync(path) || statSync(path).isDirectory() !== isFolder) {
      check.notes.push(`data file ${path} not found: not checked`);
      continue;
    }
    check.dataFilesChecked++;
    const problem = digestProblem(isFolder ? await folderDigest(path) : await fileDigest(path), file);
    if (problem !== undefined)
      check.differences.push({ file: path, message: `data file ${path}: ${problem}` });
  }
}

function digestProblem(actual: FileDigest, recorded: FileDigest): string | undefined {
  const problems: string[] = [];
  if (actual.sha256 !== recorded.sha256.toLowerCase()) {
    problems.push('SHA-256 differs from the one recorded when the run was written');
  }
  if (actual.bytes !== recorded.bytes) {
    problems.push(`${actual.bytes} bytes, ${recorded.bytes} recorded when the run was written`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}
