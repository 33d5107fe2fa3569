import { DatasetLoadError } from '@medhelm/core';
import { type ParquetColumnsFile, readParquetColumns } from '@medhelm/datasets';

/**
 * A MEDS timestamp as a number or bigint of one common unit: microseconds (a `number`, exact up to
 * the year 2255) when both files store milli- or microseconds, nanoseconds (a `bigint`) when one of
 * them stores nanoseconds, as pandas compares `datetime64` columns of different units exactly.
 */
export type MedsTime = number | bigint;

/** The rows of a MEDS labels file that EHRSHOT reads, in file order. */
export interface MedsLabels {
  /** `subject_id`; null where the file has none (HELM's pandas then finds no events). */
  subjectIds: (bigint | null)[];
  /** `prediction_time`; null where missing (no event is at or before it). */
  predictionTimes: (MedsTime | null)[];
  /** Whether `boolean_value` is true as Python reads it (`if label`: null is false). */
  values: boolean[];
}

/** One subject's events with a time, sorted as HELM sorts them (see {@link readMedsEvents}). */
export interface SubjectTimeline {
  times: MedsTime[];
  /** Indices into the code table. */
  codes: number[];
}

/** The events of the subjects EHRSHOT needs, by subject. */
export interface MedsEvents {
  timelines: Map<bigint, SubjectTimeline>;
  /** Every distinct code (a null code is HELM's `"None"`), indexed by the timelines. */
  codeTable: string[];
}

/** A timestamp column's unit, from its Parquet type. */
type TimeUnit = 'MILLIS' | 'MICROS' | 'NANOS';

interface TimeColumn {
  unit: TimeUnit;
  /** Whether the stored instants are UTC (a time zone in pandas), or wall-clock times without one. */
  adjustedToUtc: boolean;
}

// hyparquet's default timestamp parsers build `Date`s, which keep milliseconds only; these keep the
// stored integer, converted to the common unit by `timeConverter`.
const RAW_TIMESTAMPS = {
  timestampFromMilliseconds: (value: bigint) => value,
  timestampFromMicroseconds: (value: bigint) => value,
  timestampFromNanoseconds: (value: bigint) => value,
};

/** The two files' timestamp columns, checked to be comparable, and a converter to the common unit. */
export interface MedsTimeColumns {
  events: ParquetColumnsFile;
  labels: ParquetColumnsFile;
  eventTime: (value: unknown, row: number) => MedsTime | null;
  labelTime: (value: unknown, row: number) => MedsTime | null;
}

/** Opens the events and labels files and sets up exact timestamp comparison between them. */
export async function openMedsFiles(eventsPath: string, labelsPath: string): Promise<MedsTimeColumns> {
  const events = await readParquetColumns(eventsPath, ['subject_id', 'time', 'code']);
  const labels = await readParquetColumns(labelsPath, ['subject_id', 'prediction_time', 'boolean_value']);
  const eventColumn = timeColumn(events, 'time');
  const labelColumn = timeColumn(labels, 'prediction_time');
  if (eventColumn.adjustedToUtc !== labelColumn.adjustedToUtc) {
    // pandas refuses to compare a time-zone-aware column with a naive one (HELM raises TypeError).
    throw new DatasetLoadError(
      `${eventsPath} column "time" is ${describeZone(eventColumn)} but ${labelsPath} column "prediction_time" is ${describeZone(labelColumn)}, so they cannot be compared.`,
      {
        location: { file: labelsPath, field: 'prediction_time' },
        hint: 'Write both columns with the same time zone setting (MEDS uses timestamps without a time zone).',
      },
    );
  }
  const nanos = eventColumn.unit === 'NANOS' || labelColumn.unit === 'NANOS';
  return {
    events,
    labels,
    eventTime: timeConverter(eventColumn.unit, nanos, { file: eventsPath, field: 'time' }),
    labelTime: timeConverter(labelColumn.unit, nanos, { file: labelsPath, field: 'prediction_time' }),
  };
}

/** Reads a labels file's `subject_id`, `prediction_time` and `boolean_value` columns, in file order. */
export async function readMedsLabels(files: MedsTimeColumns, signal?: AbortSignal): Promise<MedsLabels> {
  const labels: MedsLabels = { subjectIds: [], predictionTimes: [], values: [] };
  const file = files.labels.path;
  for await (const batch of files.labels.batches({ parsers: RAW_TIMESTAMPS, ...optionalSignal(signal) })) {
    const subjects = batch.columns.subject_id as ArrayLike<unknown>;
    const times = batch.columns.prediction_time as ArrayLike<unknown>;
    const values = batch.columns.boolean_value as ArrayLike<unknown>;
    for (let offset = 0; offset < batch.rowCount; offset++) {
      const row = batch.rowStart + offset + 1;
      labels.subjectIds.push(subjectId(subjects[offset], { file, row, field: 'subject_id' }));
      labels.predictionTimes.push(files.labelTime(times[offset], row));
      labels.values.push(pythonTruthy(values[offset], { file, row, field: 'boolean_value' }));
    }
  }
  return labels;
}

/**
 * Reads the events of `subjects` from a MEDS data file, streaming it one row group at a time, and
 * sorts each subject's events as HELM's `df_data.sort_values(["subject_id", "time"])` does: by
 * time, a **stable** sort (events at the same time keep file order). Events without a time (static
 * codes) are left out: HELM sorts them last and `time <= prediction_time` never holds for them.
 * Events of a null subject are left out too (pandas' groupby drops them).
 */
export async function readMedsEvents(
  files: MedsTimeColumns,
  subjects: ReadonlySet<bigint>,
  signal?: AbortSignal,
): Promise<MedsEvents> {
  const timelines = new Map<bigint, SubjectTimeline>();
  const codeTable: string[] = [];
  const codeIndex = new Map<string, number>();
  const file = files.events.path;
  for await (const batch of files.events.batches({ parsers: RAW_TIMESTAMPS, ...optionalSignal(signal) })) {
    const subjectColumn = batch.columns.subject_id as ArrayLike<unknown>;
    const timeColumn = batch.columns.time as ArrayLike<unknown>;
    const codeColumn = batch.columns.code as ArrayLike<unknown>;
    for (let offset = 0; offset < batch.rowCount; offset++) {
      const row = batch.rowStart + offset + 1;
      const subject = subjectId(subjectColumn[offset], { file, row, field: 'subject_id' });
      if (subject === null || !subjects.has(subject)) continue;
      const time = files.eventTime(timeColumn[offset], row);
      if (time === null) continue;
      const code = codeText(codeColumn[offset], { file, row, field: 'code' });
      let index = codeIndex.get(code);
      if (index === undefined) {
        index = codeTable.length;
        codeTable.push(code);
        codeIndex.set(code, index);
      }
      let timeline = timelines.get(subject);
      if (timeline === undefined) {
        timeline = { times: [], codes: [] };
        timelines.set(subject, timeline);
      }
      timeline.times.push(time);
      timeline.codes.push(index);
    }
  }
  for (const [subject, timeline] of timelines) timelines.set(subject, sortByTime(timeline));
  return { timelines, codeTable };
}

/** How many of a timeline's (sorted) events are at or before `time` (HELM: `time <= prediction_time`). */
export function countEventsUpTo(timeline: SubjectTimeline, time: MedsTime): number {
  let low = 0;
  let high = timeline.times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timeline.times[middle] as MedsTime) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A stable sort by time (Array.prototype.sort is stable). */
function sortByTime(timeline: SubjectTimeline): SubjectTimeline {
  const { times, codes } = timeline;
  const order = Array.from({ length: times.length }, (_, index) => index);
  order.sort((a, b) => compareTimes(times[a] as MedsTime, times[b] as MedsTime));
  return {
    times: order.map((index) => times[index] as MedsTime),
    codes: order.map((index) => codes[index] as number),
  };
}

/** Ascending order of two times of the same unit. */
export function compareTimes(a: MedsTime, b: MedsTime): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Location {
  file: string;
  row?: number;
  field: string;
}

function timeColumn(file: ParquetColumnsFile, name: string): TimeColumn {
  const element = file.schema.get(name);
  const logical = element?.logical_type;
  if (logical?.type === 'TIMESTAMP') return { unit: logical.unit, adjustedToUtc: logical.isAdjustedToUTC };
  if (element?.converted_type === 'TIMESTAMP_MILLIS') return { unit: 'MILLIS', adjustedToUtc: true };
  if (element?.converted_type === 'TIMESTAMP_MICROS') return { unit: 'MICROS', adjustedToUtc: true };
  // Legacy INT96 timestamps (nanoseconds; pandas reads them without a time zone).
  if (element?.type === 'INT96') return { unit: 'NANOS', adjustedToUtc: false };
  throw new DatasetLoadError(
    `Column "${name}" is not a Parquet timestamp (type ${element?.type ?? 'unknown'}${element?.converted_type === undefined ? '' : `, ${element.converted_type}`}).`,
    {
      location: { file: file.path, field: name },
      hint: 'MEDS stores event and prediction times as timestamp[us] columns.',
    },
  );
}

function describeZone(column: TimeColumn): string {
  return column.adjustedToUtc ? 'a UTC timestamp (with a time zone)' : 'a timestamp without a time zone';
}

const UNIT_FACTORS: Readonly<Record<TimeUnit, { toMicros: bigint; toNanos: bigint }>> = {
  MILLIS: { toMicros: 1000n, toNanos: 1_000_000n },
  MICROS: { toMicros: 1n, toNanos: 1000n },
  NANOS: { toMicros: 0n, toNanos: 1n },
};

function timeConverter(
  unit: TimeUnit,
  nanos: boolean,
  location: Location,
): (value: unknown, row: number) => MedsTime | null {
  const factor = nanos ? UNIT_FACTORS[unit].toNanos : UNIT_FACTORS[unit].toMicros;
  return (value, row) => {
    if (value === null || value === undefined) return null;
    if (typeof value !== 'bigint') {
      throw new DatasetLoadError(`Expected a timestamp, got ${String(value)}.`, {
        location: { ...location, row },
      });
    }
    const scaled = value * factor;
    if (nanos) return scaled;
    const micros = Number(scaled);
    if (!Number.isSafeInteger(micros)) {
      throw new DatasetLoadError(`The timestamp ${value} (${unit}) is outside the years 1685-2255.`, {
        location: { ...location, row },
      });
    }
    return micros;
  };
}

function subjectId(value: unknown, location: Location): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new DatasetLoadError(`subject_id must be an integer, got ${String(value)}.`, { location });
}

function codeText(value: unknown, location: Location): string {
  // HELM formats a missing code with an f-string: "- None".
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return value;
  throw new DatasetLoadError(`code must be a string, got ${String(value)}.`, { location });
}

/** Python's truth value of a label (`"yes" if label else "no"`): null, false, 0 and "" are false. */
function pythonTruthy(value: unknown, location: Location): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string') return value.length > 0;
  throw new DatasetLoadError(`boolean_value must be a boolean, got ${String(value)}.`, { location });
}

function optionalSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal };
}
