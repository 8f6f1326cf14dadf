"""Regenerate docs/replay-format.schema.json from the msgspec Structs of core.logfile."""

from __future__ import annotations

import json
from pathlib import Path

from core.logfile import json_schema

ROOT = Path(__file__).resolve().parents[1]

out = ROOT / "docs" / "replay-format.schema.json"
out.write_text(
    json.dumps(json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
)
print(f"wrote {out.relative_to(ROOT)}")
