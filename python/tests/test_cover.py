"""Exact cover: problems, Knuth's format, solutions, limits, statistics."""

import itertools

import pytest

import dlx_cover
from dlx_cover import ParseError, Problem, ProblemError, Solver
from conftest import FIXTURES, check_cover

KNUTH = """\
| TAOCP 7.2.2.1 (6)
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
"""


def test_knuth_example_has_one_solution():
    problem = Problem.parse(KNUTH)
    assert (len(problem.primary), len(problem)) == (7, 6)
    solutions = list(problem.solutions())
    assert len(solutions) == 1
    check_cover(problem, solutions[0])
    assert sorted(next(iter(problem.solutions(indices=True)))) == [0, 3, 4]
    problem.verify([0, 3, 4])


def test_built_in_code_with_secondary_items():
    problem = Problem(["a", "b", "c"], ["x"])
    problem.add_options(["a b", ["c", "x"], "a x", "b c"])
    assert problem.count() == 2
    for solution in problem.solutions():
        check_cover(problem, solution)
    assert problem.secondary == ["x"]
    assert problem.option(1) == ["c", "x"]
    assert repr(problem) == "<Problem: 3 primary and 1 secondary items, 4 options>"


def test_colors_let_options_share_a_secondary_item():
    problem = Problem.read(FIXTURES / "exact-cover" / "colors.dlx")
    solutions = list(problem.solutions())
    assert len(solutions) == 1
    check_cover(problem, solutions[0])
    assert sorted(solutions[0]) == [["p", "r", "x:A", "y"], ["q", "x:A"]]


def test_multiplicities_from_names_and_text():
    # A committee of two or three, at least one of whom speaks French.
    problem = Problem(["2:3|seat", "1:4|french"])
    problem.add_options(["seat french", "seat", "seat french", "seat"])
    assert problem.bounds("seat") == (2, 3)
    assert problem.has_multiplicities
    solutions = list(problem.solutions())
    assert len(solutions) == 9
    for solution in solutions:
        check_cover(problem, solution)
    assert Problem.parse(problem.to_text()).count() == 9
    assert problem.to_text().splitlines()[0] == "2:3|seat 1:4|french"


def test_text_round_trip_and_files(tmp_path):
    problem = Problem.parse(KNUTH)
    path = tmp_path / "p.dlx"
    problem.write(path)
    again = Problem.read(path)
    assert str(again) == str(problem) == problem.to_text()
    assert again.options == problem.options


def test_langford_pairs_every_solution_covers():
    problem = Problem.read(FIXTURES / "exact-cover" / "langford-7.dlx")
    solutions = list(problem.solutions())
    assert len(solutions) == 52
    for solution in solutions:
        check_cover(problem, solution)
    assert len({tuple(sorted(map(tuple, s))) for s in solutions}) == 52


def test_solutions_are_lazy():
    # 12-queens has 14200 solutions; taking three searches a tiny part.
    solver = Solver(dlx_cover.queens(12))
    first = list(itertools.islice(solver.solutions(), 3))
    assert len(first) == 3
    assert solver.outcome == "paused"
    assert solver.stats.solutions == 3
    assert solver.stats.nodes < 1000


def test_limits_and_outcomes():
    problem = dlx_cover.queens(8)
    solver = problem.solver(limit=10)
    assert solver.count() == 10
    assert solver.outcome == "solution limit"
    solver = problem.solver(max_nodes=100)
    assert solver.count() < 92
    assert solver.outcome == "node limit"
    assert solver.stats.nodes == 100
    solver = problem.solver()
    assert solver.count() == 92
    assert solver.outcome == "complete" and solver.is_complete
    solver = dlx_cover.queens(16).solver(time_limit=0.2)
    solver.count()
    assert solver.outcome == "time limit"


def test_stats_are_knuths():
    # Each solution is a node, and the search stats are the same however
    # the solutions are taken.
    solver = Solver(dlx_cover.queens(8))
    assert solver.count() == 92
    counted = solver.stats
    assert counted.solutions == 92
    assert sum(1 for _ in solver.solutions()) == 92
    assert solver.stats == counted
    assert str(counted) == (
        f"92 solutions, {counted.nodes} nodes, {counted.updates} updates, max level 8"
    )
    assert counted.max_level == 8 and counted.updates > counted.nodes > 92


def test_count_memo_agrees_with_count():
    problem = dlx_cover.queens(9)
    assert problem.count_memo() == problem.count() == 352
    tiles = dlx_cover.Tiling.pentominoes(3, 20).problem(sweep=True)
    assert tiles.count_memo(order="first") == 8
    with pytest.raises(ProblemError):
        Problem(["2|a"]).count_memo()


def test_select_exclude_reset():
    problem = Problem.parse(KNUTH)
    solver = problem.solver()
    solver.select(0)
    assert solver.count() == 1
    solver.reset()
    solver.exclude(0)
    assert solver.count() == 0
    solver.reset()
    solver.select(1)
    with pytest.raises(ProblemError, match="share|conflict|item"):
        solver.select(3)  # a d f shares a and d with a d g


def test_a_new_search_ends_the_old_iterator():
    solver = Solver(dlx_cover.queens(6))
    old = solver.solutions()
    next(old)
    solver.count()
    with pytest.raises(RuntimeError, match="another search"):
        next(old)


def test_parse_errors_carry_line_and_column():
    with pytest.raises(ParseError) as info:
        Problem.parse("a b\na c\n")
    assert str(info.value) == "line 2, column 3: unknown item 'c'"
    assert (info.value.line, info.value.column) == (2, 3)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, dlx_cover.DlxError)


def test_file_errors_name_the_file():
    path = FIXTURES / "exact-cover" / "bad-item.dlx"
    with pytest.raises(ParseError) as info:
        Problem.read(path)
    assert (info.value.line, info.value.column) == (5, 4)
    assert info.value.filename == str(path)
    assert str(info.value).startswith("line 5, column 4: ")
    with pytest.raises(FileNotFoundError):
        Problem.read(FIXTURES / "no-such-file.dlx")


def test_building_errors():
    problem = Problem(["a"], ["x"])
    with pytest.raises(ProblemError, match="unknown item 'b'"):
        problem.add_option("a b")
    with pytest.raises(ProblemError, match="no primary item"):
        problem.add_option("x")
    with pytest.raises(ProblemError):
        problem.add_option("a a")
    assert len(problem) == 0, "a refused option leaves the problem unchanged"
    with pytest.raises(ProblemError):
        Problem(["a", "a"])
    with pytest.raises(ProblemError, match="bounds"):
        Problem(["x|a"])
    problem.add_option("a")
    with pytest.raises(ProblemError, match="not covered"):
        problem.verify([])
    with pytest.raises(TypeError):
        problem.add_option(3)


def test_solver_shares_nothing_with_later_changes():
    problem = Problem(["a"])
    problem.add_option("a")
    solver = problem.solver()
    problem.add_option("a")
    assert solver.count() == 1
    assert problem.count() == 2
