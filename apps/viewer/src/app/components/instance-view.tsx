import type { SiteInstance, SiteJudge } from '@medhelm/leaderboard';
import { formatScore } from '../format.ts';
import { StatsTable } from './stats-table.tsx';

/** One instance: input, prompt, completion, references, its stats and each judge's verdict. */
export function InstanceView({ instance, compact = false }: { instance: SiteInstance; compact?: boolean }) {
  return (
    <article className="instance" data-testid="instance-view" data-instance-id={instance.id}>
      <h3>
        Instance <code>{instance.id}</code>
        {instance.split === null ? null : <span className="note"> ({instance.split})</span>}
        <span className="headline">
          headline <span data-testid="instance-headline">{formatScore(instance.headline)}</span>
        </span>
      </h3>
      {compact ? null : <TextBlock title="Input" text={instance.input} />}
      {instance.prompt === null || compact ? null : <TextBlock title="Prompt" text={instance.prompt} />}
      <TextBlock
        title="Completion"
        text={instance.completion ?? '(no completion: the request failed)'}
        testId="completion"
      />
      <section>
        <h4>References</h4>
        <ul className="references">
          {instance.references.map((reference, position) => (
            <li key={position} className={reference.correct ? 'correct' : undefined}>
              {reference.correct ? <strong>correct: </strong> : null}
              <span className="text">{reference.text}</span>
            </li>
          ))}
        </ul>
      </section>
      {instance.judges.length === 0 ? null : <Judges judges={instance.judges} />}
      <section>
        <h4>Stats</h4>
        <StatsTable stats={instance.stats} testIdPrefix="instance-stat" />
      </section>
    </article>
  );
}

function TextBlock({ title, text, testId }: { title: string; text: string; testId?: string }) {
  return (
    <section>
      <h4>{title}</h4>
      <pre className="text" data-testid={testId}>
        {text}
      </pre>
    </section>
  );
}

function Judges({ judges }: { judges: readonly SiteJudge[] }) {
  return (
    <section>
      <h4>Jury</h4>
      {judges.map((judge) => (
        <div
          key={`${judge.annotator}/${judge.judge}`}
          className={judge.valid ? 'judge' : 'judge invalid'}
          data-testid={`judge:${judge.judge}`}
        >
          <h5>
            {judge.judge}
            {judge.valid ? null : (
              <span className="invalid-flag"> invalid reply: {judge.reason ?? 'dropped'}</span>
            )}
          </h5>
          <table>
            <tbody>
              {judge.scores.map((score, position) =>
                score.met === undefined ? (
                  <tr key={score.criterion}>
                    <th scope="row">{score.criterion}</th>
                    <td className="number">{score.score ?? '–'}</td>
                    <td className="explanation">{score.explanation ?? ''}</td>
                  </tr>
                ) : (
                  // A rubric item (HealthBench): its points, met or not, and the grader's explanation.
                  <tr key={position} data-testid="rubric-item">
                    <th scope="row">{score.criterion}</th>
                    <td className="number">{score.points}</td>
                    <td>{score.met ? 'met' : 'not met'}</td>
                    <td className="explanation">{score.explanation ?? ''}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
