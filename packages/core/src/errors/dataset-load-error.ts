import { hasBrand } from './has-brand.ts';
import { MedHelmError, type MedHelmErrorOptions } from './medhelm-error.ts';

const datasetLoadErrorBrand = Symbol.for('medhelm.error.DatasetLoadError');

/** Where in a dataset file a problem was found. */
export interface DatasetLocation {
  /** The file that was being read. */
  file: string;
  /** 1-based line number in the file, when the format has lines. */
  line?: number;
  /** Row or entry key (e.g. a CSV row number or a JSON object key). */
  row?: string | number;
  /** The field (column or key) that was wrong. */
  field?: string;
}

/** A dataset file is missing, unreadable, or has a row that does not match the upstream format. */
export class DatasetLoadError extends MedHelmError {
  override readonly name = 'MedHelm_DatasetLoadError';
  readonly [datasetLoadErrorBrand] = true;

  readonly location: DatasetLocation | undefined;

  constructor(message: string, options: MedHelmErrorOptions & { location?: DatasetLocation } = {}) {
    super(formatLocation(options.location) + message, options);
    this.location = options.location;
  }

  /** Whether `error` is a DatasetLoadError, also one thrown by another copy of @medhelm/core. */
  static override isInstance(error: unknown): error is DatasetLoadError {
    return hasBrand(error, datasetLoadErrorBrand);
  }
}

function formatLocation(location: DatasetLocation | undefined): string {
  if (location === undefined) return '';
  const parts = [location.file];
  if (location.line !== undefined) parts.push(`line ${location.line}`);
  if (location.row !== undefined) parts.push(`row ${location.row}`);
  if (location.field !== undefined) parts.push(`field "${location.field}"`);
  return `${parts.join(', ')}: `;
}
