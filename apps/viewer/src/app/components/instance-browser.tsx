import type { SiteRun } from '@medhelm/leaderboard';
import { useEffect, useState } from 'react';
import { formatCount, formatScore } from '../format.ts';
import { type InstanceFilters, passesFilters } from '../instance-filters.ts';
import { loadInstance } from '../loading/load-site-data.ts';
import { searchInstances } from '../loading/search-instances.ts';
import { useLoaded } from '../loading/use-loaded.ts';
import { runHref } from '../route.ts';
import { InstanceFilterForm } from './instance-filter-form.tsx';
import { InstanceView } from './instance-view.tsx';
import { LoadStatus } from './load-status.tsx';

/** Rows of the instance list shown at once. */
const LIST_PAGE_SIZE = 50;

/**
 * A run's instances: filters and search over the run's index, a paged list, and the selected
 * instance (`?instance=<id>`), of which only its page file is loaded.
 */
export function InstanceBrowser({ run, selected }: { run: SiteRun; selected: string | undefined }) {
  const pages = run.instance_pages;
  const [filters, setFilters] = useState<InstanceFilters>({});
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<{ query: string; ids: Set<string> } | undefined>();
  // A deep link opens the list at the page holding its instance.
  const [listPage, setListPage] = useState(() => {
    const position = run.instance_pages?.index.findIndex((entry) => entry.id === selected) ?? -1;
    return position > 0 ? Math.floor(position / LIST_PAGE_SIZE) : 0;
  });
  useEffect(() => {
    if (query === '') return;
    let current = true;
    searchInstances(run, query).then((ids) => {
      if (current) setSearched({ query, ids });
    });
    return () => {
      current = false;
    };
  }, [run, query]);
  if (pages === null) {
    return (
      <p className="note">
        No per-instance data: the site was exported with --metrics-only, or the run has no
        scenario_state.json.
      </p>
    );
  }
  const searchIds = query === '' ? undefined : searched?.query === query ? searched.ids : new Set<string>();
  const shown = pages.index.filter((entry) =>
    passesFilters(entry, { ...filters, ...(searchIds === undefined ? {} : { ids: searchIds }) }),
  );
  const lastListPage = Math.max(0, Math.ceil(shown.length / LIST_PAGE_SIZE) - 1);
  const page = Math.min(listPage, lastListPage);
  return (
    <section className="instance-browser">
      <h2>Instances</h2>
      <InstanceFilterForm
        filters={filters}
        query={query}
        onFilters={(next) => {
          setFilters(next);
          setListPage(0);
        }}
        onQuery={(next) => {
          setQuery(next);
          setListPage(0);
        }}
      />
      <p data-testid="instance-count">
        {formatCount(shown.length)} of {formatCount(pages.index.length)} instances
        {query !== '' && searched?.query !== query ? ' (searching…)' : ''}
      </p>
      <div className="browser-columns">
        <div className="instance-list">
          <ol start={page * LIST_PAGE_SIZE + 1}>
            {shown.slice(page * LIST_PAGE_SIZE, (page + 1) * LIST_PAGE_SIZE).map((entry) => (
              <li key={entry.id} className={entry.id === selected ? 'selected' : undefined}>
                <a href={runHref(run.name, entry.id)}>{entry.id}</a>{' '}
                <span className="number">{formatScore(entry.headline)}</span>
                {entry.invalid_judges > 0 ? (
                  <span className="invalid-flag"> {entry.invalid_judges} invalid</span>
                ) : null}
              </li>
            ))}
          </ol>
          <nav className="pager">
            <button type="button" disabled={page === 0} onClick={() => setListPage(page - 1)}>
              previous
            </button>
            <span>
              {page + 1} / {lastListPage + 1}
            </span>
            <button type="button" disabled={page >= lastListPage} onClick={() => setListPage(page + 1)}>
              next
            </button>
          </nav>
        </div>
        <div className="instance-detail">
          {selected === undefined ? (
            <p className="note">Choose an instance.</p>
          ) : (
            <SelectedInstance run={run} id={selected} />
          )}
        </div>
      </div>
    </section>
  );
}

function SelectedInstance({ run, id }: { run: SiteRun; id: string }) {
  const known = run.instance_pages?.index.some((entry) => entry.id === id) ?? false;
  const loaded = useLoaded(`${run.path}/${id}`, () => loadInstance(run, id));
  if (!known) return <p className="error">The run has no instance {id}.</p>;
  if (loaded.value === undefined) return <LoadStatus loaded={loaded} what={`instance ${id}`} />;
  return <InstanceView instance={loaded.value} />;
}
