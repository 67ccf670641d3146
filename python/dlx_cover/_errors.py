"""The exceptions of dlx_cover.

Every exception the package raises for bad input or an unanswerable
question derives from :class:`DlxError`; those about a bad argument also
derive from :class:`ValueError`, so code that catches ``ValueError`` keeps
working. The message is the engine's own, unchanged.
"""

from typing import Optional


class DlxError(Exception):
    """Base class of the package's errors."""


class ParseError(DlxError, ValueError):
    """Text that cannot be read: Knuth's format, a puzzle, a tiling, a
    jigsaw map, an f-puzzles puzzle.

    ``line`` and ``column`` (from 1) say where, when known; ``filename``
    is the file read, when there was one. The message is the engine's,
    with the place as it writes it (``line 2, column 3: unknown item 'c'``).
    """

    line: Optional[int] = None
    column: Optional[int] = None
    filename: Optional[str] = None


class ProblemError(DlxError, ValueError):
    """An exact-cover problem, option or solution that cannot be: an
    unknown or repeated item, an option without a primary item, bounds no
    count meets, an option that cannot be selected, a claimed solution
    that is none, a board or tiling that cannot be built."""


class LayoutError(DlxError, ValueError):
    """A sudoku layout, variant, constraint, alphabet or grid shape that
    cannot be (``line`` and ``column`` for a jigsaw map's fault)."""

    line: Optional[int] = None
    column: Optional[int] = None


class SolveError(DlxError):
    """A puzzle without the single answer asked for."""


class NoSolutionError(SolveError):
    """The puzzle has no solution."""


class ConflictError(NoSolutionError, ValueError):
    """The givens repeat a digit in a house or break a rule: no solution,
    found before any search."""


class MultipleSolutionsError(SolveError):
    """The puzzle has more than one solution."""


class TransformError(DlxError, ValueError):
    """A canonical form or transformation asked of a puzzle that has none:
    a jigsaw, a layout with variants, a puzzle in pencilmarks."""


class GenerateError(DlxError):
    """No puzzle can be made: the layout has no solution grid."""
