import { loadRunIndex } from './loading/load-site-data.ts';
import { useLoaded } from './loading/use-loaded.ts';
import { BenchmarkPage } from './pages/benchmark-page.tsx';
import { ComparePage } from './pages/compare-page.tsx';
import { LeaderboardPage } from './pages/leaderboard-page.tsx';
import { RunPage } from './pages/run-page.tsx';
import { leaderboardHref } from './route.ts';
import { useRoute } from './use-route.ts';

/** The viewer: a header and the page the URL hash names. */
export function App() {
  const route = useRoute();
  const index = useLoaded('runs.json', loadRunIndex);
  const [page, first, second] = route.path;
  return (
    <>
      <header className="site-header">
        <a href={leaderboardHref()}>MedHELM</a>
        {index.value === undefined ? null : <span className="suite">suite {index.value.suite}</span>}
        {index.value?.metrics_only ? <span className="note">metrics only: no per-instance data</span> : null}
      </header>
      <main>
        {page === 'benchmark' && first !== undefined ? (
          <BenchmarkPage benchmark={first} />
        ) : page === 'run' && first !== undefined ? (
          <RunPage name={first} instance={route.query.get('instance') ?? undefined} />
        ) : page === 'compare' && first !== undefined && second !== undefined ? (
          <ComparePage runA={first} runB={second} instance={route.query.get('instance') ?? undefined} />
        ) : (
          <LeaderboardPage />
        )}
      </main>
    </>
  );
}
