"""Tilings, N-queens and pentominoes, with the counts the ``dlx`` command
prints."""

import pytest

import dlx_cover
from dlx_cover import ParseError, ProblemError, Tiling
from conftest import FIXTURES, check_cover


def queens_squares(problem, solution):
    """The (row, column) of each queen, from the names ``rR`` and ``cC``."""
    squares = []
    for index in solution:
        names = problem.option(index)
        row = next(int(n[1:]) for n in names if n.startswith("r"))
        col = next(int(n[1:]) for n in names if n.startswith("c"))
        squares.append((row, col))
    return squares


def test_eight_queens_92_and_none_attack():
    problem = dlx_cover.queens(8)
    solutions = list(problem.solutions(indices=True))
    assert len(solutions) == 92
    boards = set()
    for solution in solutions:
        squares = queens_squares(problem, solution)
        assert len({r for r, _ in squares}) == len({c for _, c in squares}) == 8
        assert len({r + c for r, c in squares}) == 8
        assert len({r - c for r, c in squares}) == 8
        boards.add(frozenset(squares))
    assert len(boards) == 92


def test_the_package_has_its_version():
    major, minor, patch = dlx_cover.__version__.split(".")
    assert all(part.isdigit() for part in (major, minor, patch))


def test_queens_takes_n_from_1():
    # As `dlx queens 0` refuses it, not an empty board.
    with pytest.raises(ValueError):
        dlx_cover.queens(0)


def test_queens_board_picture():
    problem = dlx_cover.queens(4)
    solution = problem.first(indices=True)
    picture = dlx_cover.queens_board(problem, 4, solution)
    assert len(picture.splitlines()) == 4
    assert picture.count("Q") == 4
    for r, c in queens_squares(problem, solution):
        assert picture.splitlines()[r][c] == "Q"


def test_pentominoes_6x10_as_the_cli_counts():
    # `dlx pentomino --count` prints 9356: every tiling, its rotations and
    # reflections apart; 2339 up to the rectangle's 4 symmetries.
    assert dlx_cover.pentominoes().count() == 9356
    assert dlx_cover.pentominoes(up_to_symmetry=True).count() == 2339


def test_pentomino_tilings_cover_the_board():
    tiling = Tiling.pentominoes(3, 20)
    problem = tiling.problem()
    solutions = list(problem.solutions())
    assert len(solutions) == 8
    for solution in solutions:
        check_cover(problem, solution)
    picture = tiling.picture(problem, problem.first(indices=True))
    rows = picture.splitlines()
    assert len(rows) == 3 and all(len(row) == 20 for row in rows)
    assert sorted(set(picture.replace("\n", ""))) == sorted("FILNPTUVWXYZ")
    assert tiling.count(up_to_symmetry=True) == 2


def test_scott_board_and_bad_boards():
    board = "\n".join("..." + ("##" if 3 <= r <= 4 else "..") + "..." for r in range(8))
    assert dlx_cover.pentominoes(board=board, up_to_symmetry=True).count() == 65
    with pytest.raises(ProblemError, match="64 cells"):
        dlx_cover.pentominoes(8, 8)
    with pytest.raises(ParseError) as info:
        dlx_cover.pentominoes(board="..x")
    assert (info.value.line, info.value.column) == (1, 3)


def test_tilings_in_both_forms():
    knuth = Tiling.parse("[0-2][0-3]\n3|L 00 10 20 21\n")
    assert (knuth.dimensions, knuth.cell_count, knuth.pieces) == (2, 12, ["L"])
    problem = knuth.problem()
    assert problem.bounds("L") == (3, 3)
    for solution in problem.solutions():
        check_cover(problem, solution)
    drawn = Tiling.parse("...\n.#.\n...\n\nVV  CCC\nV   C\n    C\n")
    problem = drawn.problem()
    picture = drawn.picture(problem, problem.first(indices=True))
    assert picture.count("V") == 3 and picture.splitlines()[1][1] == " "
    fixed = drawn.with_motions(rotations=False, reflections=False)
    assert fixed.problem().count() <= problem.count()


def test_tiling_files_and_errors():
    tiling = Tiling.read(FIXTURES / "tile" / "pentomino-3x20.txt")
    assert tiling.count() == 8
    with pytest.raises(ParseError) as info:
        Tiling.parse("[0-2][0-3]\nL 00 1? 20\n")
    assert info.value.line == 2
    assert str(info.value).startswith("line 2")
