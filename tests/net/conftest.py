from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every network test keeps its journals and games in its own data directory."""
    monkeypatch.setenv("HANATUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("HANATUI_CONFIG_DIR", raising=False)
    return tmp_path / "data"
