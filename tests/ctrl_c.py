"""Ctrl-C sent to a child process at a known point of its run, timed: shared by the tests of
the job runner (test_jobs.py) and of the command line (test_cli.py)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time


def interrupt(command: list, env: dict) -> tuple[float, subprocess.CompletedProcess]:
    """Start ``command``, wait for its "started" line (however slow its imports: a fixed sleep
    failed under coverage), let the run go a little, send Ctrl-C and time the exit."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **env}
    )
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 60)
    first = process.stdout.readline() if ready else ""
    assert first == "started\n", (first, process.poll())
    time.sleep(0.3)  # into the run
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    return time.monotonic() - sent, subprocess.CompletedProcess(command, process.returncode, first + out, err)
