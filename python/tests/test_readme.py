"""The Python session of the repository's README and the package's own
examples run as they read."""

import doctest
import re

from conftest import FIXTURES


def test_readme_session(monkeypatch):
    readme = (FIXTURES.parent / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the README's Python section has a session"
    monkeypatch.chdir(FIXTURES.parent)  # its paths are from the root
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for k, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README Python block {k + 1}", "README.md", 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 20
    assert result.failed == 0


def test_package_docstring_examples():
    import dlx_cover

    result = doctest.testmod(dlx_cover, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
