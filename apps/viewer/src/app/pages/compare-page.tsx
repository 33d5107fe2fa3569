import type { SiteInstanceIndexEntry, SiteRun } from '@medhelm/leaderboard';
import { InstanceView } from '../components/instance-view.tsx';
import { LoadStatus } from '../components/load-status.tsx';
import { TierBanner } from '../components/tier-banner.tsx';
import { formatScore } from '../format.ts';
import { loadInstance, loadRun } from '../loading/load-site-data.ts';
import { useLoaded } from '../loading/use-loaded.ts';
import { compareHref, runHref } from '../route.ts';

/** Two runs side by side on the same instance; the list holds the instances both have. */
export function ComparePage({
  runA,
  runB,
  instance,
}: {
  runA: string;
  runB: string;
  instance: string | undefined;
}) {
  const loaded = useLoaded(`${runA}\n${runB}`, () => Promise.all([loadRun(runA), loadRun(runB)]));
  if (loaded.value === undefined) return <LoadStatus loaded={loaded} what="the two runs" />;
  const [first, second] = loaded.value;
  const secondById = new Map<string, SiteInstanceIndexEntry>(
    (second.instance_pages?.index ?? []).map((entry) => [entry.id, entry]),
  );
  const shared = (first.instance_pages?.index ?? []).flatMap((entry) => {
    const other = secondById.get(entry.id);
    return other === undefined ? [] : [{ id: entry.id, a: entry.headline, b: other.headline }];
  });
  const selected = instance ?? shared.find((entry) => entry.a !== entry.b)?.id ?? shared[0]?.id;
  return (
    <>
      <TierBanner access={first.access ?? second.access} />
      <h1>Side by side</h1>
      <p>
        <a href={runHref(first.name)}>{first.model}</a> and <a href={runHref(second.name)}>{second.model}</a>{' '}
        on {shared.length} shared instances; differing answers first in the list.
      </p>
      <div className="browser-columns">
        <ol className="instance-list">
          {[...shared]
            .sort((x, y) => Number(x.a === x.b) - Number(y.a === y.b))
            .map((entry) => (
              <li key={entry.id} className={entry.id === selected ? 'selected' : undefined}>
                <a href={compareHref(first.name, second.name, entry.id)}>{entry.id}</a>{' '}
                <span className="number">
                  {formatScore(entry.a)} / {formatScore(entry.b)}
                </span>
              </li>
            ))}
        </ol>
        {selected === undefined ? (
          <p className="note">The runs share no instance.</p>
        ) : (
          <div className="side-by-side">
            <ComparedInstance run={first} id={selected} />
            <ComparedInstance run={second} id={selected} />
          </div>
        )}
      </div>
    </>
  );
}

function ComparedInstance({ run, id }: { run: SiteRun; id: string }) {
  const loaded = useLoaded(`${run.path}/${id}`, () => loadInstance(run, id));
  return (
    <div className="compared" data-testid={`compared:${run.model}`}>
      <h2>{run.model}</h2>
      {loaded.value === undefined ? (
        <LoadStatus loaded={loaded} what={`instance ${id}`} />
      ) : (
        <InstanceView instance={loaded.value} />
      )}
    </div>
  );
}
