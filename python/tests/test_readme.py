"""The Python sessions of the repository's README and of docs/python.md,
and the package's own examples, run as they read."""

import doctest
import re

from conftest import FIXTURES


def run_sessions(monkeypatch, page):
    """Runs the ```python blocks of `page` (a path from the repository's
    root) as doctests, and returns the runner's summary."""
    text = (FIXTURES.parent / page).read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, f"{page} has a Python session"
    monkeypatch.chdir(FIXTURES.parent)  # its paths are from the root
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for k, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"{page} Python block {k + 1}", page, 0)
        runner.run(test)
    return runner.summarize(verbose=False)


def test_readme_session(monkeypatch):
    result = run_sessions(monkeypatch, "README.md")
    assert result.attempted >= 3
    assert result.failed == 0


def test_docs_python_session(monkeypatch):
    result = run_sessions(monkeypatch, "docs/python.md")
    assert result.attempted > 20
    assert result.failed == 0


def test_package_docstring_examples():
    import dlx_cover

    result = doctest.testmod(dlx_cover, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
