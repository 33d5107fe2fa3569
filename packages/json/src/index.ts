// The contract of @medhelm/json: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export {
  type ParsePythonJsonOptions,
  type PythonJsonError,
  type PythonJsonSuccess,
  parsePythonJson,
} from './parse-python-json.ts';
export { pythonDictMembers } from './python-dict-members.ts';
