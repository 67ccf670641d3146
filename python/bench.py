"""Counts the solutions of classic exact-cover problems with dlx_cover
and with the exact-cover packages of PyPI, and prints the times.

Instances: the twelve pentominoes on a 6x10 rectangle (9356 tilings,
every rotation and reflection apart) and N-queens (12-queens has 14200
solutions, 13-queens 73712). Every package gets the same problem: the one
dlx_cover builds, its options as lists of item names, or as a 0/1
matrix for the packages without secondary items (where each secondary
item gets an option of its own, which leaves the count unchanged).

Implementations, each skipped with a note when it is not installed:

- ``dlx_cover``: this package (``Problem.count``, the GIL released).
- ``exact_cover``: a C implementation of Algorithm X behind NumPy
  (``exact_cover.get_solution_count``).
- ``xcover``: Algorithm C compiled with Numba (``xcover.covers``); its
  compilation is done by a warm-up run before the timing.
- ``dxz``: Nishino et al.'s DXZ, counting through a decision diagram
  (``dxz.dxz_count``).

Each figure is the median of ``--repeat`` runs (3 by default), after
one warm-up run of each implementation on 8-queens. The last column is
dlx_cover's time over the fastest other's (below 1: dlx_cover is faster).

This script installs nothing. Set up a scratch virtual environment
outside the repository for it::

    python3 -m venv /tmp/dlx-bench
    /tmp/dlx-bench/bin/pip install ./python exact_cover xcover dxz
    /tmp/dlx-bench/bin/python python/bench.py

(``dxz`` builds from source; drop it if it does not install.) The
machine should be otherwise idle: the figures are wall-clock times.
"""

import argparse
import os
import statistics
import sys
import time

# Run as a script, this folder comes first on sys.path, and its dlx_cover/
# (the source, without the compiled extension) would shadow the installed
# package.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]

import dlx_cover  # noqa: E402


def instances(quick):
    """The problems to count, with their known counts."""
    if quick:
        return [
            ("pentominoes 3x20", dlx_cover.pentominoes(3, 20), 8),
            ("10-queens", dlx_cover.queens(10), 724),
        ]
    return [
        ("pentominoes 6x10", dlx_cover.pentominoes(6, 10), 9356),
        ("12-queens", dlx_cover.queens(12), 14200),
        ("13-queens", dlx_cover.queens(13), 73712),
    ]


def matrix_rows(problem):
    """The problem as 0/1 rows over all its items, with an option of its
    own for each secondary item (a solution covers the secondary items it
    leaves with those: one extension per solution, so the same count)."""
    items = problem.primary + problem.secondary
    column = {name: k for k, name in enumerate(items)}
    rows = []
    for option in problem.options:
        row = [0] * len(items)
        for name in option:
            row[column[name.split(":")[0]]] = 1
        rows.append(row)
    for name in problem.secondary:
        row = [0] * len(items)
        row[column[name]] = 1
        rows.append(row)
    return rows, len(items)


def ours(problem):
    return lambda: problem.count()


def exact_cover_count(problem):
    import exact_cover
    import numpy

    rows, _ = matrix_rows(problem)
    matrix = numpy.array(rows, dtype=bool)
    return lambda: int(exact_cover.get_solution_count(matrix))


def xcover_count(problem):
    from xcover import covers

    options = problem.options
    primary, secondary = problem.primary, problem.secondary
    return lambda: sum(1 for _ in covers(options, primary=primary, secondary=secondary))


def dxz_count(problem):
    import dxz

    rows, columns = matrix_rows(problem)
    flat = [bit for row in rows for bit in row]
    return lambda: int(dxz.dxz_count(len(rows), columns, flat))


IMPLEMENTATIONS = [
    ("dlx_cover", ours),
    ("exact_cover", exact_cover_count),
    ("xcover", xcover_count),
    ("dxz", dxz_count),
]


def available():
    """The implementations whose packages import, and notes on the others."""
    found, notes = [], []
    warm = dlx_cover.queens(8)
    for name, make in IMPLEMENTATIONS:
        try:
            count = make(warm)()  # imports, and compiles what is compiled lazily
        except ImportError as e:
            notes.append(f"{name}: not installed ({e})")
            continue
        if count != 92:
            notes.append(f"{name}: counts {count} 8-queens solutions, not 92; left out")
            continue
        found.append((name, make))
    return found, notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--quick", action="store_true", help="small instances only")
    args = parser.parse_args()

    found, notes = available()
    for note in notes:
        print(f"# {note}", file=sys.stderr)
    names = [name for name, _ in found]
    print(f"{'instance':<18}" + "".join(f"{n:>13}" for n in names) + f"{'ours/best':>11}")
    for label, problem, expected in instances(args.quick):
        times = {}
        for name, make in found:
            run = make(problem)
            runs = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                count = run()
                runs.append(time.perf_counter() - start)
                if count != expected:
                    sys.exit(f"{name} counts {count} for {label}, not {expected}")
            times[name] = statistics.median(runs)
        others = [t for n, t in times.items() if n != "dlx_cover"]
        ratio = f"{times['dlx_cover'] / min(others):>11.2f}" if others else f"{'-':>11}"
        print(f"{label:<18}" + "".join(f"{times[n]:>12.2f}s" for n in names) + ratio)


if __name__ == "__main__":
    main()
