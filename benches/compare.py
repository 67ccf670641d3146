#!/usr/bin/env python3
"""Prints one markdown table setting this project beside the baselines, from
criterion's saved results.

Usage (from anywhere in the repository):

    cargo bench -p dlx-benches [-- FILTER...]   # then:
    python3 benches/compare.py [FILTER...]

    python3 benches/compare.py --run [FILTER...]  # both in one go

FILTERs are criterion's: regular expressions searched in the benchmark ids
(`engine/queens-13/dlx-rs`, `sudoku/puzzles2_17_clue/sudoku-0.8/first`);
with --run they are passed on to
`cargo bench -p dlx-benches --`, and they select the rows of the table.

Each row pairs this project's benchmark with the baseline's on the same input:
`dlx-rs` against `dlx-0.8.5` (engine groups) or `sudoku-0.8` (sudoku groups).
Times are criterion's median
estimates (`new/estimates.json`) of one iteration: one full search (engine) or one pass over the data set (sudoku). The ratio is this project's
time over the baseline's, so below 1 is faster. Rates are elements per
second: solutions for engine groups, puzzles for sudoku groups.

Results are read from $CRITERION_HOME, else $CARGO_TARGET_DIR/criterion,
else target/criterion at the repository root. Standard library only.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

# Implementation names in benchmark ids: ours, then the baselines.
OURS = ("dlx-rs", "vec")
BASELINES = ("dlx-0.8.5", "sudoku-0.8")
GROUP_ORDER = ("engine/", "sudoku/", "layouts/", "generate/")
CASE_ORDER = ("first", "count2")

REPO = Path(__file__).resolve().parent.parent


def criterion_dir() -> Path:
    if os.environ.get("CRITERION_HOME"):
        return Path(os.environ["CRITERION_HOME"])
    target = os.environ.get("CARGO_TARGET_DIR")
    return (Path(target) if target else REPO / "target") / "criterion"


def load(root: Path):
    """Every benchmark with saved results: (group, id, median ns, elements)."""
    for meta_path in sorted(root.glob("**/new/benchmark.json")):
        estimates_path = meta_path.with_name("estimates.json")
        if not estimates_path.exists():
            continue
        meta = json.loads(meta_path.read_text())
        estimates = json.loads(estimates_path.read_text())
        group = meta["group_id"]
        full_id = meta["full_id"]
        bench_id = full_id[len(group) + 1 :] if full_id.startswith(group + "/") else full_id
        throughput = meta.get("throughput") or {}
        elements = throughput.get("Elements")
        yield group, full_id, bench_id, estimates["median"]["point_estimate"], elements


def split_impl(bench_id: str):
    """('dlx-rs', 'first') from 'dlx-rs/first'; ('vec', 'queens-12') from
    'vec/queens-12'; (None, id) when no known implementation is named."""
    parts = bench_id.split("/")
    for i, part in enumerate(parts):
        if part in OURS or part in BASELINES:
            return part, "/".join(parts[:i] + parts[i + 1 :])
    return None, bench_id


def fmt_time(ns: float) -> str:
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def fmt_rate(elements, ns) -> str:
    if not elements or not ns:
        return ""
    rate = elements / (ns / 1e9)
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if rate >= scale:
            return f"{rate / scale:.3g} {unit}/s"
    return f"{rate:.3g} /s"


def row_key(group: str, case: str):
    rank = next((i for i, p in enumerate(GROUP_ORDER) if group.startswith(p)), len(GROUP_ORDER))
    case_rank = CASE_ORDER.index(case) if case in CASE_ORDER else len(CASE_ORDER)
    return rank, group, case_rank, case


def table(results, filters) -> str:
    pairs = {}
    for group, full_id, bench_id, median, elements in results:
        if filters and not any(re.search(f, full_id) for f in filters):
            continue
        implementation, case = split_impl(bench_id)
        row = pairs.setdefault((group, case), {})
        side = "ours" if implementation in OURS else "base"
        row[side] = (implementation or bench_id, median, elements)

    lines = [
        "| group | case | this project | median | baseline | median | ratio | this project /s | baseline /s |",
        "|---|---|---|---:|---|---:|---:|---:|---:|",
    ]
    for (group, case), row in sorted(pairs.items(), key=lambda kv: row_key(*kv[0])):
        ours = row.get("ours")
        base = row.get("base")
        ratio = f"{ours[1] / base[1]:.2f}" if ours and base else ""
        cells = [group, case or ""]
        for side in (ours, base):
            cells += [side[0], fmt_time(side[1])] if side else ["", ""]
        cells.append(ratio)
        for side in (ours, base):
            cells.append(fmt_rate(side[2], side[1]) if side else "")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv) -> int:
    run = "--run" in argv
    filters = [a for a in argv if a != "--run"]
    if run:
        command = ["cargo", "bench", "-p", "dlx-benches", "--", *filters]
        print("running:", " ".join(command), file=sys.stderr)
        status = subprocess.call(command, cwd=REPO)
        if status != 0:
            return status
    root = criterion_dir()
    results = list(load(root))
    if not results:
        print(f"no criterion results under {root}: run `cargo bench -p dlx-benches` first", file=sys.stderr)
        return 1
    try:
        print(table(results, [f for f in filters if not f.startswith("-")]))
    except BrokenPipeError:
        # Piped into `head` and the like: what was wanted has been printed.
        sys.stdout = None
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
