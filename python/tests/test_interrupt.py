"""Searches release the GIL and stop on Ctrl-C with KeyboardInterrupt."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import dlx_cover

LONG_COUNTS = {
    # Each runs for minutes: 16-queens has 14,772,512 solutions.
    "count": "dlx_cover.queens(16).count()",
    "memo": "dlx_cover.queens(17).count_memo()",
    "sudoku": "dlx_cover.Grid.empty(3).count()",
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("kind", sorted(LONG_COUNTS))
def test_ctrl_c_stops_a_long_count(kind, tmp_path):
    script = textwrap.dedent(
        f"""
        import sys, time
        import dlx_cover
        print("ready", flush=True)
        try:
            {LONG_COUNTS[kind]}
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(3)
        print("finished", flush=True)
        """
    )
    child = subprocess.Popen(
        # Away from the source tree, whose dlx_cover/ has no extension.
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=tmp_path
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # well into the search
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=10) == 3
        assert time.monotonic() - sent < 3
        assert child.stdout.read().strip() == "interrupted"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_the_gil_is_released_while_searching():
    ticks = 0
    done = threading.Event()

    def count():
        # Long enough (14,200 solutions) for the ticks of a loaded machine.
        dlx_cover.queens(12).count()
        done.set()

    worker = threading.Thread(target=count)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # Python ran on this thread while the other one searched.
    assert ticks > 5
