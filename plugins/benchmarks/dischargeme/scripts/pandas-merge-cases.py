"""Writes test/pandas-merge-cases.json: pd.merge(how="inner") row orders made by pandas itself.

Run by hand with HELM's pandas (uv.lock: pandas 2.3.3, numpy 2.2.6), from the package folder:
`python scripts/pandas-merge-cases.py`. Each case is a pair of int64 key columns and the
(left row, right row) pairs of `pd.merge(left, right, on="k", how="inner")`, in pandas' order.
The cases are random (seeded) small key columns, sorted or not, biased towards the shapes where
pandas' order is not "each left row in order with its matches in order".
"""

import json
import random

import numpy as np
import pandas as pd

random.seed(20261203)


def merge_pairs(left_keys, right_keys):
    left = pd.DataFrame({"k": np.array(left_keys, dtype="int64"), "li": np.arange(len(left_keys))})
    right = pd.DataFrame({"k": np.array(right_keys, dtype="int64"), "ri": np.arange(len(right_keys))})
    merged = pd.merge(left, right, on="k", how="inner")
    return [[int(i), int(j)] for i, j in zip(merged["li"], merged["ri"])]


def nested(left_keys, right_keys):
    return [[i, j] for i, lk in enumerate(left_keys) for j, rk in enumerate(right_keys) if lk == rk]


cases = []
plain = 0
while len(cases) < 240:
    n = random.randint(0, 12)
    m = random.randint(0, 12)
    top = random.randint(1, 6)
    left_keys = [random.randint(0, top) * 1000 + 7 for _ in range(n)]
    right_keys = [random.randint(0, top) * 1000 + 7 for _ in range(m)]
    if random.random() < 0.25:
        left_keys.sort()
    if random.random() < 0.25:
        right_keys.sort()
    pairs = merge_pairs(left_keys, right_keys)
    if pairs == nested(left_keys, right_keys):
        # Keep some ordinary cases, but mostly the ones where pandas' order differs.
        if plain >= 120:
            continue
        plain += 1
    cases.append({"left": left_keys, "right": right_keys, "pairs": pairs})

with open("test/pandas-merge-cases.json", "w") as out:
    json.dump({"pandas": pd.__version__, "numpy": np.__version__, "cases": cases}, out, separators=(",", ":"))
    out.write("\n")
