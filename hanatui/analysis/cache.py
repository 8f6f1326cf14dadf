"""The analysis of a log kept beside it: ``GAME.hana`` -> ``GAME.hana.analysis.json``.

The sidecar is keyed by the log's content (a hash of its events, so comments added later do not
void it) and by the method and budget; any other log, budget or method is analysed again. It is
never trusted: a sidecar that cannot be read, is too large, or whose decisions do not match the
log's own decisions exactly (seat, kind, move made, the legal moves) is ignored as a whole and
rewritten. A log in a place that cannot be written is still analysed, just not cached.
"""

from __future__ import annotations

import hashlib
import math
import os
from pathlib import Path
from typing import Final, Literal

import msgspec

from core.actions import Action
from core.logfile import LogRead, encode_event
from hanatui.analysis.model import Decision
from hanatui.analysis.run import decision_points
from hanatui.bots.strong import KOIKOI_SCALE

FORMAT: Final = "hanatui-analysis"
#: The version of the sidecar's layout.
VERSION: Final = 1
#: The version of the method: raised whenever the search or its playouts change, so results of
#: an older method are not mixed with new ones. 2: two-seat koi-koi is searched with koi-koi's
#: own playout, at `strong.KOIKOI_SCALE` times the budget, as the strong player searches.
#: 3: that playout made cheaper and `KOIKOI_SCALE` raised from 1.6 to 2.05 (more playouts).
#: 4: a koi-koi call of a match is no worse than one with more points that wins the match less.
METHOD = 4
SUFFIX = ".analysis.json"
#: A sidecar larger than this is not read (a 12-round 7-player match needs well under 1 MiB).
MAX_BYTES = 8 * 1024 * 1024


class Sidecar(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: Literal["hanatui-analysis"]
    version: Literal[1]
    log: str
    method: int
    budget: int
    decisions: tuple[Decision, ...]


_DECODER = msgspec.json.Decoder(Sidecar)
_ENCODER = msgspec.json.Encoder()


def sidecar_path(log_path: str | os.PathLike[str]) -> Path:
    p = Path(log_path)
    return p.with_name(p.name + SUFFIX)


def log_key(log: LogRead) -> str:
    """The content hash of a log: its events (and the seat it is redacted for), not its
    comments or the header's informational fields."""
    h = hashlib.sha256()
    h.update(f"redacted_for={log.header.redacted_for}\n".encode())
    for event in log.events:
        h.update(encode_event(event))
    return h.hexdigest()


def encode_sidecar(log: LogRead, budget: int, decisions: list[Decision]) -> bytes:
    sidecar = Sidecar(
        format=FORMAT,
        version=VERSION,
        log=log_key(log),
        method=METHOD,
        budget=budget,
        decisions=tuple(sorted(decisions, key=lambda d: d.index)),
    )
    return _ENCODER.encode(sidecar) + b"\n"


def decode_sidecar(data: bytes, log: LogRead, budget: int) -> dict[int, Decision] | None:
    """The decisions a sidecar holds for this log at this budget, or None if it is for another
    log, budget or method, or is not exactly consistent with the log (see the module
    docstring)."""
    if len(data) > MAX_BYTES:
        return None
    try:
        sidecar = _DECODER.decode(data)
    except msgspec.DecodeError:
        return None
    if sidecar.log != log_key(log) or sidecar.method != METHOD or sidecar.budget != budget:
        return None
    points = {p.index: p for p in decision_points(log)}
    out: dict[int, Decision] = {}
    for d in sidecar.decisions:
        p = points.get(d.index)
        if p is None or d.index in out or not _consistent(d, p.seat, p.kind, p.move, p.legal):
            return None
        if not _numbers_ok(d, budget):
            return None
        out[d.index] = d
    return out


def _consistent(d: Decision, seat: int, kind: str, move: Action, legal: tuple[Action, ...]) -> bool:
    if d.seat != seat or d.kind != kind or len(d.candidates) != len(legal):
        return False
    if not (0 <= d.made < len(d.candidates) and 0 <= d.best < len(d.candidates)):
        return False
    if tuple(c.action for c in d.candidates) != legal:
        return False
    return d.candidates[d.made].action == move


def _numbers_ok(d: Decision, budget: int) -> bool:
    if not (math.isfinite(d.se) and d.se >= 0):
        return False
    for c in d.candidates:
        most = max(math.ceil(budget * KOIKOI_SCALE), len(d.candidates))
        if not math.isfinite(c.expected) or not 0 <= c.playouts <= most:
            return False
    # the best move was searched on every sample the move made was
    return d.candidates[d.best].playouts >= d.candidates[d.made].playouts


def load(path: str | os.PathLike[str], log: LogRead, budget: int) -> dict[int, Decision] | None:
    """The cached decisions beside the log at ``path``, or None (missing, unreadable, stale or
    inconsistent: see `decode_sidecar`)."""
    side = sidecar_path(path)
    try:
        if not side.is_file() or side.stat().st_size > MAX_BYTES:
            return None
        data = side.read_bytes()
    except OSError:
        return None
    return decode_sidecar(data, log, budget)


def save(
    path: str | os.PathLike[str], log: LogRead, budget: int, decisions: list[Decision]
) -> None:
    """Write the sidecar beside the log at ``path`` atomically; raises `OSError` if the place
    cannot be written."""
    from hanatui.store.files import write_atomic

    write_atomic(sidecar_path(path), encode_sidecar(log, budget, decisions), make_dirs=False)


def load_any(path: str | os.PathLike[str], log: LogRead) -> tuple[int, dict[int, Decision]] | None:
    """The budget and the cached decisions beside the log at ``path``, at whatever budget they
    were made (the replay viewer shows what was analysed, by the CLI or by itself), or None
    (missing, unreadable, stale or inconsistent: see `decode_sidecar`)."""
    side = sidecar_path(path)
    try:
        if not side.is_file() or side.stat().st_size > MAX_BYTES:
            return None
        data = side.read_bytes()
    except OSError:
        return None
    try:
        budget = _DECODER.decode(data).budget
    except msgspec.DecodeError:
        return None
    decisions = decode_sidecar(data, log, budget)
    return None if decisions is None else (budget, decisions)


def save_merged(
    path: str | os.PathLike[str],
    log: LogRead,
    budget: int,
    known: dict[int, Decision],
    decisions: list[Decision],
) -> dict[int, Decision]:
    """Write the sidecar with ``known`` (every seat's decisions cached at this budget) and the
    new ``decisions``, and return them all; raises `OSError` if the place cannot be written.
    Nothing is written when nothing is new."""
    merged = dict(known)
    new = {d.index: d for d in decisions if known.get(d.index) != d}
    merged.update(new)
    if new:
        save(path, log, budget, list(merged.values()))
    return merged
