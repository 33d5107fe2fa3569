export {
  type JsonMemberSpan,
  type JsonSpan,
  type ParsePythonJsonOptions,
  type PythonJsonError,
  type PythonJsonResult,
  type PythonJsonSuccess,
  parsePythonJson,
} from './parse-python-json.ts';
export { pythonDictMembers } from './python-dict-members.ts';
