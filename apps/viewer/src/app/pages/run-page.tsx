import { CaveatBanners } from '../components/caveat-banners.tsx';
import { InstanceBrowser } from '../components/instance-browser.tsx';
import { LoadStatus } from '../components/load-status.tsx';
import { ProvenancePanel } from '../components/provenance-panel.tsx';
import { StatsTable } from '../components/stats-table.tsx';
import { TierBanner } from '../components/tier-banner.tsx';
import { formatCount } from '../format.ts';
import { loadRun } from '../loading/load-site-data.ts';
import { useLoaded } from '../loading/use-loaded.ts';
import { benchmarkHref } from '../route.ts';

/**
 * A run: its tier and caveats (invented data, invalid judge replies), what produced it (versions,
 * release, data and its SHA-256, jury), stats.json, and the instance browser (`?instance=<id>`
 * selects one).
 */
export function RunPage({ name, instance }: { name: string; instance: string | undefined }) {
  const loaded = useLoaded(name, () => loadRun(name));
  if (loaded.value === undefined) return <LoadStatus loaded={loaded} what={`run ${name}`} />;
  const run = loaded.value;
  return (
    <>
      <TierBanner access={run.access} />
      <CaveatBanners caveats={run.caveats} />
      <h1 className="run-name">{run.name}</h1>
      <dl className="run-facts">
        <dt>Model</dt>
        <dd data-testid="run-model">{run.model}</dd>
        <dt>Benchmarks</dt>
        <dd>
          {run.benchmarks.map((benchmark) => (
            <a key={benchmark} href={benchmarkHref(benchmark)}>
              {benchmark}
            </a>
          ))}
        </dd>
        <dt>Headline</dt>
        <dd>{run.headline === null ? '–' : `${run.headline.metric} (${run.headline.split})`}</dd>
        <dt>Instances</dt>
        <dd>{formatCount(run.instances)}</dd>
        <dt>Data tier</dt>
        <dd>{run.access ?? 'not recorded'}</dd>
      </dl>
      {run.redacted ? (
        <p className="note">
          Redacted run: inputs, references, completions and judge explanations were replaced.
        </p>
      ) : null}
      <ProvenancePanel report={run.report} />
      <details>
        <summary>Stats ({run.stats.length})</summary>
        <StatsTable stats={run.stats} testIdPrefix="run-stat" />
      </details>
      <InstanceBrowser run={run} selected={instance} />
    </>
  );
}
