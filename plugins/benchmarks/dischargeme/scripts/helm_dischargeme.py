"""Runs HELM's own DischargeMeScenario (dischargeme_scenario.py at 63754d05) outside HELM.

Used by the hand-run scripts beside this file, with HELM's pandas (pandas 2.3.3, numpy 2.2.6). The
scenario module is executed unchanged; only the helm modules it imports are replaced by minimal
stand-ins (data classes holding what the scenario puts in them).
"""

import sys
import types


class _Input:
    def __init__(self, text):
        self.text = text


class _Output:
    def __init__(self, text):
        self.text = text


class _Reference:
    def __init__(self, output, tags):
        self.output = output
        self.tags = tags


class _Instance:
    def __init__(self, input, references, split):
        self.input = input
        self.references = references
        self.split = split


class _Scenario:
    def __init__(self):
        pass


def load_scenario_class(scenario_path):
    """HELM's DischargeMeScenario class, from the source file at scenario_path."""
    stand_in = types.ModuleType("helm_stand_in")
    for name in [
        "helm",
        "helm.benchmark",
        "helm.benchmark.presentation",
        "helm.benchmark.presentation.taxonomy_info",
        "helm.common",
        "helm.common.general",
        "helm.benchmark.scenarios",
        "helm.benchmark.scenarios.scenario",
    ]:
        sys.modules[name] = stand_in
    stand_in.TaxonomyInfo = object
    stand_in.ScenarioMetadata = object
    stand_in.check_file_exists = lambda path, msg=None: None
    stand_in.Input = _Input
    stand_in.Output = _Output
    stand_in.Reference = _Reference
    stand_in.Instance = _Instance
    stand_in.Scenario = _Scenario
    stand_in.TEST_SPLIT = "test"
    stand_in.CORRECT_TAG = "correct"
    namespace = {}
    with open(scenario_path) as source:
        exec(compile(source.read(), scenario_path, "exec"), namespace)
    return namespace["DischargeMeScenario"]


def helm_instances(scenario_class, data_path):
    """[{input, reference}] as HELM makes them from data_path, or {error} with what HELM raised."""
    try:
        instances = scenario_class(data_path).get_instances("")
    except Exception as error:  # noqa: BLE001 - what HELM raised is the expected result
        return {"error": f"{type(error).__name__}: {error}"}
    return [{"input": i.input.text, "reference": i.references[0].output.text} for i in instances]
