"""`--tls-cert/--tls-key`: the table speaks wss:// through the standard `ssl` module, and a client
that trusts the certificate (``--cafile``) plays; one that does not trust it never connects."""

from __future__ import annotations

import random
import shutil
import ssl
import subprocess

import pytest

from hanatui.net.client import RemoteSession
from tests.net.helpers import koikoi_table, play_turns, until

OPENSSL = shutil.which("openssl")


@pytest.fixture
def certificate(tmp_path):
    if OPENSSL is None:
        pytest.skip("needs the openssl command to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *(OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"),
            *("-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


async def test_a_tls_table_plays_over_wss(data_dir, certificate):
    cert, key = certificate
    served = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    served.load_cert_chain(cert, key)
    server = await koikoi_table(data_dir, ssl_context=served)
    trusted = ssl.create_default_context(cafile=str(cert))
    urls = [server.url(0), server.url(1)]
    assert all(u.startswith("wss://127.0.0.1:") for u in urls)
    ann = RemoteSession(urls[0], "Ann", ssl_context=trusted)
    bob = RemoteSession(urls[1], "Bob", ssl_context=trusted)
    stranger = RemoteSession(urls[1], "Eve")  # trusts only the system's CAs
    statuses: list[str] = []
    stranger.listener = lambda kind, data: statuses.append(kind)
    try:
        stranger.start()
        await until(lambda: "reconnecting" in statuses)
        await stranger.close()
        assert not stranger.started and 1 not in server.connected
        ann.start()
        bob.start()
        await until(lambda: ann.started and bob.started)
        await play_turns([ann, bob], 4, random.Random(1))
        session = server.session
        assert session is not None
        await until(lambda: len(ann.redacted) == len(bob.redacted) == len(session.events))
    finally:
        await ann.close()
        await bob.close()
        await server.close()
