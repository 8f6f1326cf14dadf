from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """Every app test gets its own data and config directories."""
    monkeypatch.setenv("HANATUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("HANATUI_CONFIG_DIR", raising=False)
    monkeypatch.delenv("HANATUI_ASCII", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path / "data"
