"""Where the speed benchmarks keep their figures: ``bench/results/<name>.json``, each with the
command that measured them, when (UTC), on what machine and under what load.

Every benchmark in this folder writes its file at the end of a run (`make bench` runs them
all), so the figures a run measured are kept beside the code, for the docs (docs/speed.md) to
quote and for the next run to be compared with. The studies' results are in lab/results/.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

#: The benchmarks' results folder.
RESULTS = Path(__file__).resolve().parent / "results"


def about() -> dict[str, Any]:
    """What every results file says of its run: the command, the time, the machine, the load."""
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return {
        "command": " ".join(
            [f"bench/{Path(sys.argv[0]).name}", *sys.argv[1:]] if sys.argv[0] else []
        ),
        "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{os.cpu_count()} cores ({platform.machine()}), {python}",
        "load_average_after": round(os.getloadavg()[0], 2),
    }


def save(name: str, figures: dict[str, Any]) -> Path:
    """Write ``figures`` (with `about`'s lines first) to ``bench/results/<name>.json``, replacing
    that file, and say where on stderr (stdout may be a benchmark's JSON)."""
    path = RESULTS / f"{name}.json"
    RESULTS.mkdir(exist_ok=True)
    path.write_text(json.dumps({**about(), **figures}, indent=2) + "\n", encoding="utf-8")
    print(f"figures written to bench/results/{path.name}", file=sys.stderr)
    return path
