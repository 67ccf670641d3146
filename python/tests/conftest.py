"""Shared helpers: the repository's fixtures and independent checks of
solutions, written in plain Python so that they share nothing with the
engine."""

from collections import Counter
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def check_cover(problem, solution):
    """Asserts that ``solution`` (lists of item names, ``item:color`` for a
    colored one) covers each primary item within its bounds and each
    secondary item at most once or with one color."""
    primary = [name for name in problem.primary]
    secondary = set(problem.secondary)
    counts = Counter()
    colors = {}
    uncolored = Counter()
    for option in solution:
        assert option in problem.options, f"{option} is no option"
        for word in option:
            name, _, color = word.partition(":")
            if name in secondary:
                if color:
                    assert colors.setdefault(name, color) == color, f"{name} has two colors"
                else:
                    uncolored[name] += 1
            else:
                counts[name] += 1
    for name in primary:
        lo, hi = problem.bounds(name)
        assert lo <= counts[name] <= hi, f"{name} covered {counts[name]} times"
    for name in secondary:
        assert uncolored[name] + (name in colors) <= 1, f"{name} covered twice"


def check_sudoku(grid, puzzle=None):
    """Asserts that ``grid`` is a complete sudoku of square or rectangular
    boxes, rows, columns and boxes each holding 1..n once, agreeing with
    ``puzzle``'s givens."""
    n = grid.side
    rows = grid.rows
    digits = set(range(1, n + 1))
    box_rows, box_cols = grid.layout.box_shape
    for r in range(n):
        assert set(rows[r]) == digits, f"row {r + 1}"
    for c in range(n):
        assert {rows[r][c] for r in range(n)} == digits, f"column {c + 1}"
    for top in range(0, n, box_rows):
        for left in range(0, n, box_cols):
            box = {rows[top + i][left + j] for i in range(box_rows) for j in range(box_cols)}
            assert box == digits, f"box at {top + 1},{left + 1}"
    if puzzle is not None:
        for given, cell in zip(puzzle.cells, grid.cells):
            assert given in (0, cell)


@pytest.fixture
def fixtures():
    return FIXTURES
