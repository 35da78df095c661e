"""The README's picture of the solution viewer, made the same way every time: a river solved with
``omaha8.solve``, its page written, and headless Chromium's screenshot of it at IP's decision
after a check, with the largest class of IP's hands listed.

    python examples/viewer_screenshot.py [PNG]     (default docs/images/viewer.png)

Needs Chromium (Debian: apt-get install chromium).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import omaha8
from omaha8 import viewer

BOARD = "Ks7d2h9c3s"
PATH = ["check"]


def main() -> int:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/viewer.png").resolve()
    browser = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
    if browser is None:
        print("no Chromium here: apt-get install chromium", file=sys.stderr)
        return 1
    solution = omaha8.solve(BOARD, "10%", "10%", 100, 400, bets=(0.5, 1.0), raises=(1.0,), iterations=200)
    data = viewer.page_data(solution)
    node = next(i for i, entry in enumerate(data["nodes"]) if entry["path"] == PATH)
    cell = max(range(len(data["nodes"][node]["grid"])), key=lambda c: data["nodes"][node]["grid"][c][2])
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "viewer.html"
        page.write_text(viewer.page_html(data), encoding="utf-8")
        command = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
        command += [f"--screenshot={target}", "--window-size=1400,1000", f"{page.as_uri()}#node={node}&cell={cell}"]
        subprocess.run(command, check=True, capture_output=True, timeout=120)
    print(f"{target}: exploitability {100 * solution.exploitability:.3f}% of the pot")
    return 0


if __name__ == "__main__":
    sys.exit(main())
