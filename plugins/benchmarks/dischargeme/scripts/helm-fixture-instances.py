"""Writes test/helm-fixture-instances.json: the instances HELM makes of the bundled fixtures.

Run by hand from the package folder, with HELM's pandas (2.3.3) and HELM's source at 63754d05:
`python scripts/helm-fixture-instances.py <helm>/src/helm/benchmark/scenarios/dischargeme_scenario.py`
"""

import json
import sys

from helm_dischargeme import helm_instances, load_scenario_class

instances = helm_instances(load_scenario_class(sys.argv[1]), "data")
with open("test/helm-fixture-instances.json", "w") as out:
    json.dump(instances, out, ensure_ascii=False, indent=1)
    out.write("\n")
