"""The Python session of the repository's README runs as it reads."""

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
