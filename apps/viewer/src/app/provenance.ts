/** One line of what produced a run, as the run page lists it. */
export interface ProvenanceFact {
  label: string;
  value: string;
}

/**
 * What produced a run, from its medhelm_run.json `provenance` (the site's copy of the report):
 * release and HELM commit, the benchmark's version and variant, the runner and package versions,
 * where the data came from (invented or real) with each file's SHA-256, the jury's judges, the seed,
 * Node and the OS, and the command line. Empty for a run without provenance (HELM-written, older).
 * Read defensively: the report is a file on disk, not a type.
 */
export function provenanceFacts(report: unknown): ProvenanceFact[] {
  const provenance = field(report, 'provenance');
  if (!isRecord(provenance)) return [];
  const facts: ProvenanceFact[] = [];
  const add = (label: string, value: string | null) => {
    if (value !== null && value !== '') facts.push({ label, value });
  };
  const benchmark = field(provenance, 'benchmark');
  const variant = field(benchmark, 'variant');
  add('Release', text(field(provenance, 'release')) ?? 'none (its numbers are not a release’s)');
  const deviations = list(field(provenance, 'release_deviations')).flatMap((item) => text(item) ?? []);
  if (deviations.length > 0) add('Differs from the release', deviations.join('; '));
  add('HELM commit', text(field(provenance, 'helm_commit')));
  add(
    'Benchmark',
    [
      text(field(benchmark, 'name')),
      versionOf(text(field(benchmark, 'version'))),
      text(field(benchmark, 'package')),
    ]
      .filter((part) => part !== null)
      .join(' · '),
  );
  if (isRecord(variant)) {
    add(
      'Opt-in variant',
      `${text(variant.name) ?? '?'}: ${text(variant.description) ?? ''} ${list(variant.references)
        .flatMap((item) => text(item) ?? [])
        .join(' ')}`.trim(),
    );
  }
  const runner = field(provenance, 'runner');
  add('Runner', isRecord(runner) ? `${text(runner.name) ?? '?'} ${text(runner.version) ?? '?'}` : null);
  const data = field(provenance, 'data');
  const invented = field(data, 'invented');
  add(
    'Data',
    `${text(field(data, 'source')) ?? 'unknown source'}${invented === true ? ', INVENTED rows (the numbers say nothing about a model)' : invented === false ? ', real data' : ', not stated whether real'}${text(field(data, 'root')) === null ? '' : ` in ${text(field(data, 'root'))}`}`,
  );
  for (const file of list(field(data, 'files'))) {
    add(
      `Data file ${text(field(file, 'path')) ?? '?'}`,
      `SHA-256 ${text(field(file, 'sha256')) ?? '?'} (${numberText(field(file, 'bytes'))} bytes)`,
    );
  }
  const jury = list(field(provenance, 'jury'));
  for (const judge of jury) {
    add(
      `Judge ${text(field(judge, 'name')) ?? '?'}`,
      [
        text(field(judge, 'helm_model')),
        text(field(judge, 'deployment')),
        text(field(judge, 'base_url_host')),
      ]
        .filter((part) => part !== null)
        .join(' · '),
    );
  }
  const seeds = field(provenance, 'seeds');
  add('Downsampling seed', numberText(field(seeds, 'downsample')));
  const environment = field(provenance, 'environment');
  add(
    'Environment',
    [text(field(environment, 'node')), text(field(environment, 'os'))]
      .filter((part) => part !== null)
      .join(' · '),
  );
  const command = list(field(provenance, 'command')).flatMap((item) => text(item) ?? []);
  add('Command', command.length === 0 ? null : command.join(' '));
  const packages = list(field(provenance, 'packages')).flatMap((item) => text(item) ?? []);
  add('Packages', packages.length === 0 ? null : packages.join(', '));
  return facts;
}

function versionOf(version: string | null): string | null {
  return version === null ? 'unversioned' : `version ${version}`;
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function numberText(value: unknown): string | null {
  return typeof value === 'number' ? value.toLocaleString('en-US') : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
