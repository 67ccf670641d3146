"""Sudoku: reading every format, solving, counting, candidates, making,
rating and canonical forms."""

import random

import pytest

import dlx_cover
from dlx_cover import (
    ConflictError,
    Generator,
    Grid,
    Layout,
    LayoutError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    TransformError,
)
from conftest import FIXTURES, check_sudoku

HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# The second of top95: more than singles, and quick to explain.
TOP95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_solve_checked_row_column_box():
    puzzle = Grid(HARD)
    solution = puzzle.solution()
    check_sudoku(solution, puzzle)
    assert solution.is_solution_of(puzzle)
    assert puzzle.solve() == solution
    assert puzzle.count() == 1 and puzzle.is_unique()
    assert (puzzle.givens, solution.givens, solution.is_complete) == (21, 81, True)
    assert solution[0, 0] == 8 and puzzle[0, 1] == 0


def test_sizes_and_box_shapes():
    six = Grid("2...5..45.....4.......12...6.5..3...")
    assert six.layout == Layout.boxes(2, 3)
    check_sudoku(six.solution(), six)
    tall = Grid("2...5..45.....4.......12...6.5..3...", layout=Layout(3, 2))
    assert tall.layout.box_shape == (3, 2)
    for path in ["4x4.txt", "12x12.txt", "16x16.txt"]:
        record = next(iter(dlx_cover.read_puzzles(FIXTURES / "sudoku" / path)))
        puzzle = record.get()
        check_sudoku(puzzle.solve(), puzzle)


def test_counts_and_lazy_solutions():
    empty = Grid.empty(2)
    assert empty.count() == 288
    solutions = list(empty.solutions())
    assert len(solutions) == len({str(s) for s in solutions}) == 288
    for solution in solutions[:20]:
        check_sudoku(solution, empty)
    assert Grid.empty(3).count(limit=1000) == 1000
    first = next(iter(Grid.empty(3).solutions()))
    check_sudoku(first)
    assert len(list(Grid.empty(Layout(2, 3)).solutions(limit=7))) == 7


def test_unsolvable_and_ambiguous():
    with pytest.raises(MultipleSolutionsError, match="more than one solution"):
        Grid.empty(2).solution()
    repeat = Grid("11..............")
    with pytest.raises(ConflictError) as info:
        repeat.check()
    assert "1" in str(info.value)
    with pytest.raises(ConflictError):
        repeat.solution()
    assert isinstance(info.value, NoSolutionError) and isinstance(info.value, ValueError)
    with pytest.raises(ConflictError):
        repeat.solve()
    assert repeat.count() == 0
    no_solution = Grid("123.\n....\n...4\n....")  # r1c4 can only be 4
    with pytest.raises(NoSolutionError):
        no_solution.solution()
    assert no_solution.count() == 0


def test_true_candidates():
    puzzle = Grid("...4.3...2...4..")  # three solutions
    candidates = puzzle.true_candidates(cap=10)
    assert candidates.solutions == 3
    assert candidates.digits(0, 0) == [2]
    assert candidates.digits(1, 2) == [1, 2]
    assert candidates.count(1, 2, 1) + candidates.count(1, 2, 2) == 3
    by_hand = [set() for _ in range(16)]
    for solution in puzzle.solutions():
        for k, d in enumerate(solution.cells):
            by_hand[k].add(d)
    for k in range(16):
        assert candidates.digits(k // 4, k % 4) == sorted(by_hand[k])


def test_read_every_format():
    sudoku = FIXTURES / "sudoku"
    expected = {
        "easy.txt": None,
        "grid.txt": None,
        "sadman.sdk": None,
        "simple-sudoku.ss": None,
        "kaggle.csv": None,
    }
    for name in expected:
        records = list(dlx_cover.read_puzzles(sudoku / name))
        assert records and all(r.ok for r in records), name
        for record in records[:3]:
            puzzle = record.get()
            check_sudoku(puzzle.solution(), puzzle)
    marks = list(dlx_cover.read_puzzles(sudoku / "pencilmarks.txt"))
    assert marks[0].ok
    text = "1.3...2.3.....4.\n\n1 . | 3 .\n. . | 2 .\n3 . | . .\n. . | 4 .\nxx\n"
    records = list(dlx_cover.parse_puzzles(text))
    assert [r.line for r in records] == [1, 3, 7]
    assert records[0].grid == records[1].grid
    assert not records[2].ok and records[2].grid is None
    assert isinstance(records[2].error, ParseError) and records[2].error.line == 7
    with pytest.raises(ParseError):
        records[2].get()


def test_read_errors_name_file_line_column():
    records = list(dlx_cover.read_puzzles(FIXTURES / "sudoku" / "mixed-bad.txt"))
    bad = [r for r in records if not r.ok]
    assert bad, "the fixture has bad records"
    for record in bad:
        assert record.error.filename.endswith("mixed-bad.txt")
        assert str(record.error).startswith(f"line {record.error.line}")
    with pytest.raises(ParseError) as info:
        Grid("1.3...2.3.....4.5")
    assert str(info.value) == "line 1: expected 16 cells, found 17"


def test_jigsaw_x_and_rules():
    regions = (FIXTURES / "sudoku" / "jigsaw-regions.txt").read_text()
    jigsaw = Layout.jigsaw("\n".join(l for l in regions.splitlines() if not l.startswith("#")))
    assert jigsaw.is_jigsaw and jigsaw.box_shape is None
    puzzle = Grid(
        ".7..........123......4.........1.....4..6...38....9.72...5...9.......6..9.38...2.",
        layout=jigsaw,
    )
    solution = puzzle.solution()
    for r in range(9):
        assert sorted(solution.rows[r]) == list(range(1, 10))
    by_region = {}
    for r in range(9):
        for c in range(9):
            by_region.setdefault(jigsaw.region(r, c), set()).add(solution[r, c])
    assert all(len(digits) == 9 for digits in by_region.values())

    x = Layout.square(3).with_variant("x")
    puzzle = Grid(
        "4...6...9....8.....69............8......5..7.......2.....9.8..5..1......8.27..9..",
        layout=x,
    )
    solution = puzzle.solution()
    assert {solution[i, i] for i in range(9)} == set(range(1, 10))
    assert {solution[i, 8 - i] for i in range(9)} == set(range(1, 10))
    assert Grid(str(puzzle)).count(limit=2) == 2

    knight = Layout.squarest(6).with_variant("anti-knight")
    assert Grid.empty(knight).count() == 11520
    with pytest.raises(LayoutError, match="spiral"):
        Layout().with_variant("spiral")


def test_constraints_and_fpuzzles():
    killer = Layout.square(2)
    for line in ["cage 7: r1c1 r2c1", "cage 5: r1c2 r1c3", "cage 5: r1c4 r2c4",
                 "cage 3: r2c2 r2c3", "cage 3: r3c1 r4c1", "cage 9: r3c2 r3c3 r4c2",
                 "cage 8: r3c4 r4c4 r4c3"]:
        killer = killer.with_constraint(line)
    assert killer.constraints[0] == "cage 7: r1c1 r2c1"
    assert str(Grid.empty(killer).solution()) == "3142421313242431"
    with pytest.raises(LayoutError):
        Layout.square(2).with_constraint("cage 5: r1c1 r1c9")
    json = (FIXTURES / "sudoku" / "variants" / "fpuzzles-4x4.json").read_text()
    puzzle = Grid.from_fpuzzles(json)
    assert puzzle.side == 4 and puzzle.layout.constraints
    for solution in puzzle.solutions():
        assert solution.is_solution_of(puzzle)
        assert solution[0, 0] + solution[1, 0] == 7
    with pytest.raises(ParseError) as info:
        Grid.from_fpuzzles('{"size": 4,\n "grid": [}')
    assert info.value.line == 2
    records = list(dlx_cover.read_puzzles(FIXTURES / "sudoku" / "variants" / "killer-4x4.txt"))
    assert str(records[0].get().solution()) == "3142421313242431"
    # Row 1 of a 4x4 holds 1 + 2 + 3 + 4 = 10: 7 outside a cage of 3.
    sums = Layout.square(2).with_constraint("cage 3: r1c1 r1c2").derived_sums()
    assert sums[0] == "innies of row 1: cage 7: r1c3 r1c4"
    # A Latin square: rows 1-2 less column 3, the cages taken out.
    latin = Layout.jigsaw("AAAA\nBBBB\nCCCC\nDDDD")
    for cage in ["cage 7: r1c1 r1c2 r2c1", "cage 3: r1c4 r2c4"]:
        latin = latin.with_constraint(cage)
    assert "rows 1, 2 less column 3: r2c2-r3c3-r4c3 = 0" in latin.equations()
    assert Layout.square(2).with_constraint("cage 3: r1c1 r1c2").equations() == []


def test_killer_lines_read_and_written():
    lines = (FIXTURES / "sudoku" / "variants" / "killer-lines.txt")
    records = list(dlx_cover.read_puzzles(lines))
    assert len(records) == 3
    short = records[0].get()
    assert short.is_unique()
    written = short.to_killer_short()
    assert written is not None and len(written) == 81
    assert short.to_killer_long().startswith("3x3::k:")
    assert Grid.empty(Layout.square(3)).to_killer_short() == "0" * 81
    assert Grid.parse("1" + "." * 80).to_killer_short() is None


def test_constraint_strings_and_links_read():
    strings = FIXTURES / "sudoku" / "variants" / "strings.txt"
    records = list(dlx_cover.read_puzzles(strings))
    assert [r.ok for r in records] == [True, True, False]
    six = "513246462315326154154623235461641532"
    assert [str(r.get().solution()) for r in records[:2]] == [six, six]
    assert "FullRank: this rule is not supported" in str(records[2].error)
    puzzle = next(dlx_cover.parse_puzzles(".Shape~4x4.Cage~3~R1C1~R1C2.~R4C4_1\n")).get()
    assert "cage 3: r1c1 r1c2" in puzzle.layout.constraints


def test_generate_seeded_symmetric_unique():
    puzzle = dlx_cover.generate(42, symmetry="rotate180")
    assert puzzle.is_unique()
    assert puzzle == dlx_cover.generate(42, symmetry="rotate180"), "a seed names a puzzle"
    for r in range(9):
        for c in range(9):
            assert (puzzle[r, c] == 0) == (puzzle[8 - r, 8 - c] == 0)
    generator = Generator(Layout(2, 3), symmetry="mirror")
    six = generator.generate(3)
    assert six.side == 6 and six.is_unique() and generator.is_minimal
    with pytest.raises(ValueError):
        Generator(symmetry="spiral")


def test_rate():
    assert (Grid(EASY).rate().score, Grid(EASY).rate().difficulty) == (0.0, "forced")
    hard = Grid(HARD).rate()
    assert hard.score > 0 and hard.difficulty != "forced"
    assert hard.forced_nodes == 81 - 21 + 1
    with pytest.raises(MultipleSolutionsError):
        Grid.empty(2).rate()


def test_explain_and_hint():
    puzzle = Grid(HARD)
    solution = puzzle.solution()
    steps = puzzle.explain()
    assert steps and all(isinstance(s, dlx_cover.Step) for s in steps)
    # Every placement is the solution's digit, every elimination is not:
    # checked here in Python, against the search's solution.
    for step in steps:
        assert step.placements or step.eliminations, str(step)
        for r, c, d in step.placements:
            assert solution[r, c] == d, str(step)
        for r, c, d in step.eliminations:
            assert solution[r, c] != d, str(step)
        assert str(step).startswith(step.technique + ":")
    placed = {(r, c): d for s in steps for r, c, d in s.placements}
    assert len(placed) == 81 - 21
    assert any(s.technique != "trial" and "single" not in s.technique for s in steps)
    # A chain says how many nodes its conclusion depends on, and that
    # adds to its difficulty; other steps say 0.
    chains = [s for s in steps if "chain" in s.technique or s.technique == "nishio"]
    assert chains and all(s.complexity > 0 for s in chains)
    assert all(s.complexity == 0 for s in steps if "single" in s.technique)
    assert all(s.constraint_options == 0 for s in steps)
    hint = Grid(EASY).hint()
    assert hint.technique.startswith("hidden single") and hint.difficulty < 2
    assert Grid(EASY).solution().hint() is None
    with pytest.raises(ConflictError):
        Grid("55" + "." * 79).explain()
    # A path that stops where no step is certain, short of a solution,
    # says why, as rate() does.
    with pytest.raises(MultipleSolutionsError):
        Grid.empty(2).explain()
    assert Grid.empty(2).hint() is None


def test_rate_se_is_read_off_the_path():
    easy = Grid(EASY).rate_se()
    assert isinstance(easy, dlx_cover.SeRating) and easy.solved
    # Hidden singles alone: 1.2 in boxes, 1.5 in lines, on the scale.
    assert easy.er in (1.2, 1.5) and easy.hardest.startswith("hidden single")
    assert str(easy) == f"{easy.er:.1f}/{easy.ep:.1f}/{easy.ed:.1f}"
    # ER, EP and ED from the path itself, computed here in Python.
    steps = Grid(TOP95).explain()
    rating = Grid(TOP95).rate_se()
    assert rating.steps == len(steps) and rating.solved
    difficulties = [s.difficulty for s in steps]
    assert rating.er == max(difficulties) > 1.5
    assert rating.hardest == steps[difficulties.index(rating.er)].technique
    placing = next(k for k, s in enumerate(steps) if s.placements)
    assert rating.ep == max(difficulties[: placing + 1])
    assert rating.ed == difficulties[0]
    assert rating.ed <= rating.ep <= rating.er
    # Several solutions: rated as far as the path goes, not solved.
    assert not Grid.empty(2).rate_se().solved
    with pytest.raises(ConflictError):
        Grid("55" + "." * 79).rate_se()


def shuffle_in_python(grid, rng):
    """A random equivalent of a 9x9 puzzle: bands, rows in bands, stacks,
    columns in stacks, digits relabelled, and transposed half the time."""
    def order():
        groups = rng.sample(range(3), 3)
        return [3 * g + k for g in groups for k in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    labels = [0] + rng.sample(range(1, 10), 9)
    cells = [[labels[grid[rows[r], cols[c]]] for c in range(9)] for r in range(9)]
    if rng.random() < 0.5:
        cells = [list(col) for col in zip(*cells)]
    return Grid.from_cells([d for row in cells for d in row])


@pytest.mark.parametrize("form", ["minlex", "maxlex"])
def test_canonical_form_is_invariant(form):
    rng = random.Random(7)
    for text in [HARD, EASY]:
        puzzle = Grid(text)
        canonical = puzzle.canonical(form)
        assert canonical.givens == puzzle.givens
        assert canonical.canonical(form) == canonical
        assert canonical.count(limit=2) == 1
        for _ in range(5):
            other = shuffle_in_python(puzzle, rng)
            assert other != puzzle
            assert other.canonical(form) == canonical
        assert puzzle.transform(9).canonical(form) == canonical


def test_canonical_forms_order():
    puzzle = Grid(HARD)
    minlex, maxlex = str(puzzle.canonical()), str(puzzle.canonical("maxlex"))
    assert minlex == str(puzzle.canonical("minlex"))
    assert minlex.startswith(".") and maxlex.startswith("9")
    with pytest.raises(ValueError, match="unknown canonical form"):
        puzzle.canonical("middlelex")
    jigsaw = Layout.jigsaw("AABB\nAABB\nCCDD\nCCDD")
    with pytest.raises(TransformError):
        Grid.empty(jigsaw).canonical()


def test_to_problem_counts_as_the_puzzle():
    puzzle = Grid("1...\n..3.\n.4..\n...2")
    problem = puzzle.to_problem()
    assert problem.count() == puzzle.count()
    assert "r1c1" in problem.primary


def test_grid_basics_and_errors():
    grid = Grid.from_cells([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    assert grid.is_complete and grid.rows[1] == [3, 4, 1, 2]
    assert "|" in grid.to_grid_string()
    assert Grid(grid.to_grid_string()) == grid
    assert grid.to_line("ABCD") == "ABCDCDABBADCDCBA"
    assert Grid("A.C...B.C.....D.", alphabet="ABCD").cells[:3] == [1, 0, 3]
    grid[0, 0] = 0
    assert grid.givens == 15
    with pytest.raises(IndexError):
        grid[4, 0]
    with pytest.raises(LayoutError):
        grid[0, 0] = 5
    with pytest.raises(LayoutError):
        Grid.from_cells([5] * 16)
    assert repr(Grid.empty(2)) == "Grid('................')"
