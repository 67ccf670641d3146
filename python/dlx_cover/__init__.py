"""Exact cover with Knuth's dancing links, sudoku of any layout, and tilings.

The engine is the ``dlx`` Rust crate of this repository (Algorithms X, C
and M of TAOCP 7.2.2.1: secondary items, colors, multiplicities), with
its sudoku front end and ready-made puzzles. Searches release the GIL and
stop on Ctrl-C with KeyboardInterrupt.

Exact cover::

    >>> from dlx_cover import Problem
    >>> p = Problem(["a", "b", "c"], ["x"])
    >>> p.add_options(["a b", "c x", "a x", "b c"])
    >>> p.count()
    2
    >>> sorted(map(sorted, p.solutions()))
    [[['a', 'b'], ['c', 'x']], [['a', 'x'], ['b', 'c']]]

Sudoku::

    >>> from dlx_cover import Grid
    >>> g = Grid("1.3...2.3.....4.")
    >>> print(g.solution())
    1234432134122143

Tilings::

    >>> from dlx_cover import pentominoes, queens
    >>> queens(8).count()
    92
"""

from ._native import __version__
from ._errors import (
    ConflictError,
    DlxError,
    GenerateError,
    LayoutError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    ProblemError,
    SolveError,
    TransformError,
)
from ._native import (
    Candidates,
    Generator,
    Grid,
    GridSolutions,
    Layout,
    Problem,
    Puzzles,
    Rating,
    Record,
    SeRating,
    Solutions,
    Solver,
    Stats,
    Step,
    Tiling,
    generate,
    parse_puzzles,
    pentominoes,
    queens,
    queens_board,
    read_puzzles,
)

__all__ = [
    "__version__",
    "Candidates",
    "ConflictError",
    "DlxError",
    "GenerateError",
    "Generator",
    "Grid",
    "GridSolutions",
    "Layout",
    "LayoutError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "Problem",
    "ProblemError",
    "Puzzles",
    "Rating",
    "Record",
    "SeRating",
    "SolveError",
    "Solutions",
    "Solver",
    "Stats",
    "Step",
    "Tiling",
    "TransformError",
    "generate",
    "parse_puzzles",
    "pentominoes",
    "queens",
    "queens_board",
    "read_puzzles",
]
