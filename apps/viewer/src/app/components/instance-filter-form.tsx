import type { InstanceFilters } from '../instance-filters.ts';

/** The instance browser's filter and search fields. */
export function InstanceFilterForm({
  filters,
  query,
  onFilters,
  onQuery,
}: {
  filters: InstanceFilters;
  query: string;
  onFilters: (filters: InstanceFilters) => void;
  onQuery: (query: string) => void;
}) {
  const numberOf = (text: string) => (text === '' || Number.isNaN(Number(text)) ? undefined : Number(text));
  const set = (change: Partial<InstanceFilters>) => {
    const next: InstanceFilters = { ...filters, ...change };
    for (const key of Object.keys(next) as Array<keyof InstanceFilters>) {
      if (next[key] === undefined) delete next[key];
    }
    onFilters(next);
  };
  return (
    <form className="filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        Search <input type="search" value={query} onChange={(event) => onQuery(event.target.value)} />
      </label>
      <label>
        Score from{' '}
        <input
          type="number"
          step="any"
          value={filters.minimum ?? ''}
          onChange={(event) => set({ minimum: numberOf(event.target.value) })}
        />
      </label>
      <label>
        to{' '}
        <input
          type="number"
          step="any"
          value={filters.maximum ?? ''}
          onChange={(event) => set({ maximum: numberOf(event.target.value) })}
        />
      </label>
      <label>
        Answers{' '}
        <select
          value={filters.outcome ?? ''}
          onChange={(event) =>
            set({
              outcome:
                event.target.value === '' ? undefined : (event.target.value as 'correct' | 'incorrect'),
            })
          }
        >
          <option value="">all</option>
          <option value="correct">correct</option>
          <option value="incorrect">incorrect</option>
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={filters.judgeSpreadAtLeast !== undefined}
          onChange={(event) => set({ judgeSpreadAtLeast: event.target.checked ? 1 : undefined })}
        />{' '}
        judges disagree (scores 1+ apart)
      </label>
      <label>
        <input
          type="checkbox"
          checked={filters.invalidJudgesOnly === true}
          onChange={(event) => set({ invalidJudgesOnly: event.target.checked ? true : undefined })}
        />{' '}
        invalid judge replies
      </label>
    </form>
  );
}
