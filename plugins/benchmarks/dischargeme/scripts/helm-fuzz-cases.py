"""Random Discharge Me! folders and the instances HELM's own DischargeMeScenario makes of them.

A check of the loader against HELM itself, beyond the shared conformance vectors: run by hand with
HELM's pandas (pandas 2.3.3, numpy 2.2.6) and HELM's scenario source at 63754d05, then run the
package's helm-fuzz test on the output:

    python scripts/helm-fuzz-cases.py <helm>/src/helm/benchmark/scenarios/dischargeme_scenario.py /tmp/dmfuzz 400
    DISCHARGEME_HELM_FUZZ_DIR=/tmp/dmfuzz pnpm exec vitest run src/dischargeme-helm-fuzz.test.ts

Each `<out>/<seed>/` holds the six `.csv.gz` files (invented text: CRLF and LF files, quoted and
bare cells, `NA`/`null` cells, blank lines, byte-order marks, repeated notes and targets, keys that
join nothing) and `expected.json`: HELM's instances (input, reference) or the error HELM raised.
HELM's module is executed as it is, with only its helm imports replaced by minimal stand-ins.
"""
import gzip
import json
import os
import random
import sys
from helm_dischargeme import helm_instances, load_scenario_class

scenario_path, out_root, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
scenario_class = load_scenario_class(scenario_path)

words = ['fever', 'NA', 'N/A', 'null', 'cough', '"quoted"', 'a,b', 'line\nbreak', 'crlf\r\nbreak', ' ', 'é', '—', 'x']
def text(r):
    return ''.join(r.choice(words) + r.choice([' ', '', '\n']) for _ in range(r.randint(0, 6)))

def csv_cell(v, r):
    if any(c in v for c in ',"\n\r') or (v.strip() != v and r.random() < 0.5) or r.random() < 0.2:
        return '"' + v.replace('"', '""') + '"'
    return v

def write(path, header, rows, r):
    eol = r.choice(['\n', '\r\n'])
    lines = [','.join(header)]
    for row in rows:
        lines.append(','.join(csv_cell(str(v), r) for v in row))
        if r.random() < 0.05: lines.append('')
    data = eol.join(lines) + (eol if r.random() < 0.8 else '')
    if r.random() < 0.1: data = '\ufeff' + data
    with open(path, 'wb') as f:
        f.write(gzip.compress(data.encode('utf-8'), mtime=0))

def make(seed):
    r = random.Random(seed)
    base = f'{out_root}/{seed}'
    folder = f'{base}/files/discharge-me/1.3/test_phase_1'
    os.makedirs(folder, exist_ok=True)
    subjects = r.sample(range(100, 140), r.randint(1, 8))
    hadms = {}
    for s in subjects:
        hadms[s] = [s * 100 + i for i in range(r.randint(1, 3))]
    all_h = [h for hs in hadms.values() for h in hs]
    def pick(seq): return r.choice(seq)
    diag = [[pick(subjects * 4 + [999]), r.randint(1, 9), i, 'I10', 10, 'Dx'] for i in range(r.randint(1, 10))]
    triage = [[pick(subjects * 4 + [998]), r.randint(1, 9), '36.6', 'pain'] for _ in range(r.randint(1, 8))]
    discharge = []
    targets = []
    for s in subjects:
        for h in hadms[s]:
            bhc = text(r); di = text(r)
            note = text(r) + bhc + text(r) + (di if r.random() < 0.8 else '') + text(r)
            for _ in range(r.choice([1, 1, 1, 2])):
                discharge.append([f'{s}-DS-{h}', s, h, 'DS', 1, note])
            if r.random() < 0.9:
                targets.append([f'{s}-DS-{h}', h, di, bhc, 1, 1])
    r.shuffle(discharge); r.shuffle(targets)
    if r.random() < 0.3: targets.append(targets[0] if targets else [0, 1, 'a', 'b', 1, 1])
    radiology = [[f'r{i}', 1, pick(all_h * 3 + [5]), 'RR', 1, text(r)] for i in range(r.randint(1, 25))]
    edstays = [[1, pick(all_h * 3 + [6]), r.randint(1, 9), 'M'] for _ in range(r.randint(1, 20))]
    write(f'{folder}/diagnosis.csv.gz', ['subject_id', 'stay_id', 'seq_num', 'icd_code', 'icd_version', 'icd_title'], diag, r)
    write(f'{folder}/triage.csv.gz', ['subject_id', 'stay_id', 'temperature', 'chiefcomplaint'], triage, r)
    write(f'{folder}/discharge.csv.gz', ['note_id', 'subject_id', 'hadm_id', 'note_type', 'note_seq', 'text'], discharge, r)
    write(f'{folder}/discharge_target.csv.gz', ['note_id', 'hadm_id', 'discharge_instructions', 'brief_hospital_course', 'discharge_instructions_word_count', 'brief_hospital_course_word_count'], targets, r)
    write(f'{folder}/radiology.csv.gz', ['note_id', 'subject_id', 'hadm_id', 'note_type', 'note_seq', 'text'], radiology, r)
    write(f'{folder}/edstays.csv.gz', ['subject_id', 'hadm_id', 'stay_id', 'gender'], edstays, r)
    result = helm_instances(scenario_class, base)
    json.dump(result, open(f'{base}/expected.json', 'w'))
    return result

n_ok = n_err = n_inst = 0
for seed in range(count):
    res = make(seed)
    if isinstance(res, dict): n_err += 1
    else: n_ok += 1; n_inst += len(res)
print('ok', n_ok, 'errors', n_err, 'instances', n_inst)
