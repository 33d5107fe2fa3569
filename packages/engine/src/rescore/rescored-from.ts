/** What a rescored run was made from, recorded in its provenance (`rescored_from`). */
export interface RescoredFrom {
  /** The source run directory, as given. */
  directory: string;
  run_name: string;
  /** `helm`: written by HELM itself; `medhelm`: one of our runs. */
  written_by: 'helm' | 'medhelm';
  /** SHA-256 of the source's scenario_state.json: the answers (and annotations) rescored. */
  scenario_state_sha256: string;
  /** Whether the jury judged anew (`--judges`), or its stored verdicts were scored again. */
  jury: 'rejudged' | 'stored' | 'none';
}
