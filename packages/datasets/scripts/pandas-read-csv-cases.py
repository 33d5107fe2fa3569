"""Writes test/pandas-read-csv-cases.json: how pandas reads CSV cells, as HELM's scenarios see them.

HELM's MedHELMConfigurableScenario, for one, reads the dataset with `pd.read_csv(path)` (defaults), walks `df.iterrows()` and fills
the prompt template with `str.format_map`, i.e. `format(value, "")` of each cell. This script
writes small CSV files that probe pandas' type inference (ints with leading zeros, NA strings,
floats, booleans, huge integers, whitespace, a frame of numbers only...) and records, for each row,
the text every cell becomes. The expected values of src/read-pandas-frame.test.ts (readPandasCsv,
then pandasIterrows) come from here, never from our own code.

Run by hand from the package folder with a Python that has pandas:
`/usr/bin/python3 scripts/pandas-read-csv-cases.py`. Made with Debian's pandas 1.5.3 (HELM locks
2.3.3); pandas 2 also reads "None" as NaN, which 1.5 does not, so the default NA strings are passed
explicitly as pandas 2 has them (`pandas._libs.parsers.STR_NA_VALUES`).
"""

import json
import os
import tempfile

import pandas as pd

# pandas 2.x's default NA strings (pandas 1.5 lacks "None").
PANDAS2_NA = [
    "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
    "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
]

CASES = {
    "leading zeros, an empty cell, text": 'patient_id,unit,note\n001,mg,"a, b"\n007,,c\n',
    "an int column with a missing value becomes float": "id,note\n7,a\n,b\n12,c\n",
    "floats as Python prints them": "x,note\n1.5,a\n1e16,b\n0.00001,c\n100,d\n.5,e\n5.,f\n-0,g\n1E5,h\n1.0e-3,i\n123456789.123456789,j\n",
    "a frame of numbers only: ints print as floats": "a,b\n1,2.5\n3,4\n",
    "a frame of ints only": "a,b\n1,2\n003,4\n",
    "booleans": "flag,note\nTrue,a\nfalse,b\nTRUE,c\n",
    "booleans with a missing value": "flag,note\nTrue,a\n,b\nFalse,c\n",
    "booleans and ints only": "flag,n\nTrue,1\nFalse,2\n",
    "NA strings": "v,note\nNA,a\nN/A,b\nNone,c\nnull,d\nnan,e\nNaN,f\n-nan,g\n#N/A,h\nn/a,i\n<NA>,j\nNULL,k\n  NA,l\n-NaN,m\n1.#IND,n\n#NA,o\n",
    "huge integers": "big,note\n12345678901234567890,a\n1,b\n",
    "integers beyond uint64": "big,note\n123456789012345678901234567890,a\n1,b\n",
    "negative integers beyond int64": "big,note\n-9223372036854775809,a\n1,b\n",
    "int64 limits": "big,note\n9223372036854775807,a\n-9223372036854775808,b\n",
    "signs and spaces around numbers": "n,note\n+5,a\n 7,b\n8 ,c\n-3,d\n",
    "spaces around floats": "x,note\n 1.5,a\n2.5 ,b\n",
    "not numbers: hex, underscores, thousands": 'n,note\n0x10,a\n1_000,b\n"1,000",c\n',
    "infinities": "x,note\ninf,a\n-inf,b\nInfinity,c\nINF,d\n+inf,e\n",
    "ints and text make text (leading zeros kept)": "code,note\n007,a\nA12,b\n",
    "an all-empty column": "empty,note\n,a\n,b\n",
    "quoted numbers are numbers": 'n,note\n"007",a\n"12",b\n',
    "a whitespace-only cell": "n,note\n1,a\n ,b\n",
    "a float column with a whitespace-only cell": "x,note\n1.5,a\n  ,b\n",
    "blank lines are skipped": "a,note\n1,x\n\n2,y\n\n",
    "repeated column names": "a,a,note\n1,2,x\n",
    "CRLF line ends and a quoted line break": 'a,note\r\n1,"x\r\ny"\r\n2,z\r\n',
    "a byte-order mark": "\ufeffid,note\n1,a\n",
    "ints and floats with trailing zeros": "x,note\n2.50,a\n3.000,b\n",
    "a float column that is all integral": "x,note\n1.0,a\n2.0,b\n",
    "negative zero float": "x,note\n-0.0,a\n1.5,b\n",
    "a text column with a number-like tail": "t,note\n12abc,a\n3,b\n",
    "booleans and text": "t,note\nTrue,a\nmaybe,b\n",
    "unicode digits are text": "n,note\n\u0663,a\n4,b\n",
    "exponent without digits is text": "x,note\n1e,a\n2,b\n",
    "a huge integer beside a missing value keeps the NA string": "big,note\n12345678901234567890,a\nNA,b\n",
    "a huge integer beside a float makes floats": "big,note\n12345678901234567890,a\n1.5,b\n",
    "a huge integer beside a negative one keeps the text": "big,note\n-1,a\n12345678901234567890,b\n",
    "floats out of range": "x,note\n1e400,a\n1,b\n",
    "floats below the smallest": "x,note\n1e-400,a\n1,b\n",
    "more than 17 digits": "x,note\n00000000000000000000012,a\n1.5,b\n123456789012345678,c\n",
    "a lone dot or sign is text": "x,note\n.,a\n+,b\n",
    "precise float parsing": "x,note\n0.1,a\n0.30000000000000004,b\n2.2250738585072014e-308,c\n",
    "an integer beyond 2^53 stays exact": "n,note\n9007199254740993,a\n1,b\n",
    "a negative integer beyond int64 beside a float makes floats": "big,note\n-9223372036854775809,a\n1.5,b\n",
    "an integer beyond uint64 before a float keeps the text": "big,note\n123456789012345678901234567890,a\n1.5,b\nNA,c\n",
    "a huge integer beside a negative word keeps the NA string": "big,note\n12345678901234567890,a\n-abc,b\nNA,c\n",
    "a short row is padded with NaN": "a,b,note\n1,2,x\n3\n",
    "an empty header cell and repeated names": "a,,a,a.1\n1,2,3,4\n",
    "a header only: object columns": "a,b\n",
}


def format_value(value):
    return format(value, "")


def read_case(name, text):
    fd, path = tempfile.mkstemp(suffix=".csv")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    try:
        df = pd.read_csv(path, keep_default_na=False, na_values=PANDAS2_NA)
    finally:
        os.unlink(path)
    rows = []
    for _, row in df.iterrows():
        rows.append([format_value(row.get(column, "")) for column in df.columns])
    return {
        "name": name,
        "csv": text,
        "columns": [str(column) for column in df.columns],
        "dtypes": [str(dtype) for dtype in df.dtypes],
        "rows": rows,
    }


cases = [read_case(name, text) for name, text in CASES.items()]
target = os.path.join(os.path.dirname(__file__), "..", "test", "pandas-read-csv-cases.json")
with open(target, "w", encoding="utf-8") as f:
    json.dump({"pandas": pd.__version__, "cases": cases}, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"{len(cases)} cases, pandas {pd.__version__}")
