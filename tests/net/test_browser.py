"""`hanatui serve` in a real browser: the server starts, headless Chromium (Debian's package,
installed by .ci/run) loads the page, and the app's title screen arrives in the page's terminal.
The page's screenshot is kept in docs/ when HANATUI_UPDATE_DOCS=1."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import urllib.request
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
SHOT = ROOT / "docs" / "browser.png"
#: No step of the test waits longer than this many seconds.
LIMIT = 60.0
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="needs Debian's chromium package (.ci/run installs it: apt-get install -y chromium)",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def _http_ready(url: str, process: subprocess.Popen[bytes]) -> None:
    """Wait until ``url`` answers (bounded), failing at once if the server died."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + LIMIT
    while loop.time() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"hanatui serve stopped with status {process.returncode}")
        try:
            await loop.run_in_executor(None, lambda: urllib.request.urlopen(url, timeout=2).read())
            return
        except OSError:
            await asyncio.sleep(0.2)
    raise AssertionError(f"{url} did not answer")


class DevTools:
    """The Chrome DevTools Protocol over one WebSocket, flattened sessions, bounded waits."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.ids = count(1)
        self.events: list[dict[str, Any]] = []

    async def call(self, method: str, session: str | None = None, **params: Any) -> Any:
        number = next(self.ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        await self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(await asyncio.wait_for(self.ws.recv(), LIMIT))
            if reply.get("id") == number:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    async def next_event(self) -> dict[str, Any]:
        if self.events:
            return self.events.pop(0)
        event: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), LIMIT))
        return event


def _chromium(profile: Path) -> subprocess.Popen[bytes]:
    assert CHROMIUM is not None
    return subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--disable-default-apps",
            # loopback only: every other host name fails to resolve (the page asks for a web font)
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "--window-size=1280,800",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def _devtools_address(profile: Path, browser: subprocess.Popen[bytes]) -> str:
    port_file = profile / "DevToolsActivePort"
    loop = asyncio.get_running_loop()
    deadline = loop.time() + LIMIT
    while loop.time() < deadline:
        if browser.poll() is not None:
            raise AssertionError(f"chromium stopped with status {browser.returncode}")
        if port_file.exists():
            lines = port_file.read_text().split()
            if len(lines) >= 2:
                return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        await asyncio.sleep(0.1)
    raise AssertionError("chromium did not open its DevTools port")


async def test_serve_shows_the_title_screen_in_chromium(tmp_path):
    port = _free_port()
    env = {**os.environ, "HANATUI_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen(
        [sys.executable, "-m", "hanatui", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    profile = Path(tempfile.mkdtemp(dir=tmp_path, prefix="chromium-"))
    browser = None
    try:
        page_url = f"http://127.0.0.1:{port}/"
        await _http_ready(page_url, server)
        browser = _chromium(profile)
        address = await _devtools_address(profile, browser)
        async with connect(address, proxy=None, max_size=None, open_timeout=LIMIT) as ws:
            tools = DevTools(ws)
            target = (await tools.call("Target.createTarget", url="about:blank"))["targetId"]
            attached = await tools.call("Target.attachToTarget", targetId=target, flatten=True)
            page = attached["sessionId"]
            await tools.call("Network.enable", page)
            await tools.call("Page.enable", page)
            await tools.call(
                "Emulation.setDeviceMetricsOverride",
                page,
                width=1200,
                height=720,
                deviceScaleFactor=1,
                mobile=False,
            )
            await tools.call("Page.navigate", page, url=page_url)
            # the app's output reaches the page's terminal over the page's WebSocket
            screen = b""
            loop = asyncio.get_running_loop()
            deadline = loop.time() + LIMIT
            while not (b"New game" in screen and b"Join a table" in screen):
                assert loop.time() < deadline, "the title screen never reached the page"
                event = await tools.next_event()
                if event.get("method") == "Network.webSocketFrameReceived":
                    frame = event["params"]["response"]
                    data = frame["payloadData"]
                    screen += base64.b64decode(data) if frame["opcode"] == 2 else data.encode()
            await asyncio.sleep(1.0)  # the terminal draws what arrived
            shot = await tools.call("Page.captureScreenshot", page, format="png")
            png = base64.b64decode(shot["data"])
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(png) > 20_000  # a drawn page, not a blank one
        (tmp_path / "browser.png").write_bytes(png)
        if os.environ.get("HANATUI_UPDATE_DOCS"):
            SHOT.write_bytes(png)
    finally:
        for process in (browser, server):
            if process is not None and process.poll() is None:
                process.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(10)
                if process.poll() is None:
                    process.kill()
                    process.wait(10)
        shutil.rmtree(profile, ignore_errors=True)
