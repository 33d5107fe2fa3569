import { ConfigError, hasBrand } from '@medhelm/core';
import { redactSecrets } from './looks-like-secret.ts';

const modelsFileErrorBrand = Symbol.for('medhelm.error.ModelsFileError');

/** One problem in a models file. */
export interface ModelsFileIssue {
  /** The deployment id, when the problem is inside `deployments.<id>` and the id is printable. */
  deployment?: string;
  /** The field, dotted below the deployment (e.g. `limits.concurrency`), or from the top. */
  field?: string;
  /** 1-based line in the file, when known. */
  line?: number;
  /** What is wrong and how to fix it. Never contains a secret. */
  message: string;
}

/**
 * A models file that cannot be used: unreadable, not YAML/JSON, or failing validation. It is a
 * `ConfigError` (name `MedHelm_ConfigError`) whose message names the file and, for each issue, the
 * line, deployment and field; `issues` holds the same, structured. Messages never repeat a
 * secret: anything that looks like a key is replaced by `[redacted]`.
 */
export class ModelsFileError extends ConfigError {
  readonly [modelsFileErrorBrand] = true;
  readonly file: string;
  readonly issues: readonly ModelsFileIssue[];

  constructor(file: string, issues: readonly ModelsFileIssue[], options: { hint?: string } = {}) {
    const safeIssues = issues.map(redactIssue);
    const lines = safeIssues.map((issue) => redactSecrets(formatIssue(file, issue)));
    const message =
      lines.length === 1
        ? (lines[0] ?? '')
        : `${file}: ${lines.length} problems:\n${lines.map((line) => `  - ${line}`).join('\n')}`;
    super(message, {
      hint:
        options.hint ??
        'The models file format is described in the @medhelm/model-config README and schema/models.schema.json.',
    });
    this.file = file;
    this.issues = safeIssues;
  }

  /** Whether `error` is a ModelsFileError, also one thrown by another copy of @medhelm/model-config. */
  static override isInstance(error: unknown): error is ModelsFileError {
    return hasBrand(error, modelsFileErrorBrand);
  }
}

function redactIssue(issue: ModelsFileIssue): ModelsFileIssue {
  const safe: ModelsFileIssue = { ...issue, message: redactSecrets(issue.message) };
  if (issue.deployment !== undefined) safe.deployment = redactSecrets(issue.deployment);
  if (issue.field !== undefined) safe.field = redactSecrets(issue.field);
  return safe;
}

function formatIssue(file: string, issue: ModelsFileIssue): string {
  const where = [issue.line === undefined ? file : `${file}:${issue.line}`];
  if (issue.deployment !== undefined) where.push(`deployment "${issue.deployment}"`);
  if (issue.field !== undefined && issue.field !== '') where.push(`field "${issue.field}"`);
  return `${where.join(', ')}: ${issue.message}`;
}
