import { provenanceFacts } from '../provenance.ts';

/** What produced a run (medhelm_run.json `provenance`), as a list; a note when the run records none. */
export function ProvenancePanel({ report }: { report: unknown }) {
  const facts = provenanceFacts(report);
  return (
    <details className="provenance" open data-testid="run-provenance">
      <summary>What produced these numbers</summary>
      {facts.length === 0 ? (
        <p className="note">This run records no provenance (written by HELM, or by an older medhelm).</p>
      ) : (
        <dl className="run-facts">
          {facts.map((fact) => (
            <div key={fact.label} data-testid={`provenance:${fact.label}`}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}
