#!/usr/bin/env bash
# Builds the Python package as a user would and runs its tests: a fresh
# virtual environment in a temporary folder, `pip install ./python` (which
# fetches maturin from PyPI and builds the crate with --locked, here with
# the ci profile), the pinned pytest, then the tests. Fails when a test
# fails, and when none ran (pytest's exit status 5). Run from anywhere:
# `bash python/ci.sh`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"

venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
# The ci profile (python/Cargo.toml): the release build without its
# link-time optimization, a third of the build's time.
MATURIN_PEP517_ARGS="--profile ci" "$venv/bin/python" -m pip install --quiet "$here"
"$venv/bin/python" -m pip install --quiet -r "$here/requirements-test.txt"

# The pytest script, not `python -m pytest`: the latter would put the
# current folder on sys.path, and python/dlx_cover (without its compiled
# extension) would shadow the installed package.
cd "$here"
status=0
"$venv/bin/pytest" -q tests || status=$?
if [ "$status" -eq 5 ]; then
    echo "python/ci.sh: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
