"""`hanatui verify` on the proofs of the deals (docs/deals.md): a proved log, each way of forging
one refused with its round and reason, a player's view, an older log, and the JSON report."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from core.events import DealCommitted, DealRevealed, Dealt, EntropyGiven, Event, MatchStarted
from core.logfile import encode_log
from core.players import Player
from core.proof import check_deals
from core.redact import redact
from core.rules import find_rules
from core.shuffle import combined_seed, deck_from_seed
from hanatui.cli import main
from hanatui.session.session import Session

ROOT = Path(__file__).resolve().parents[2]


def proved_session(seed: int = 3, rounds: int = 2, humans: int = 1) -> Session:
    """A koi-koi match played to its end here, every seat by the random computer player."""
    players = tuple(
        Player(name=f"P{i + 1}") if i < humans else Player(name="CPU", kind="bot", bot="random")
        for i in range(2)
    )
    session = Session.new(find_rules("koikoi", rounds=rounds), players, seed=seed, autosave=False)
    while True:
        session.settle()
        if session.over:
            return session
        session.act(session.bot_choice(level="random"))


@pytest.fixture(scope="module")
def session() -> Session:
    return proved_session()


def write(tmp_path: Path, session: Session, events: list[Event], name: str = "x.hana") -> Path:
    path = tmp_path / name
    path.write_bytes(encode_log(session.header, events))
    return path


def first_deal(events: list[Event]) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, Dealt))


def test_a_proved_log_says_each_deal_is_proved_with_whose_entropy(tmp_path, session, capsys):
    proofs = check_deals(session.events)
    assert proofs[0].kind == "dealer_draw"
    assert all(p.status == "proved" and p.entropy == (0,) for p in proofs)
    assert sum(p.kind == "deal" for p in proofs) >= 2
    path = write(tmp_path, session, session.events)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: ok (koikoi")
    assert "  the draw for the first dealer: proved, with the entropy of P1 (seat 1)" in out
    assert "  round 1, deal 1: proved, with the entropy of P1 (seat 1)" in out
    assert "  round 2, deal 1: proved, with the entropy of P1 (seat 1)" in out


def _refused(tmp_path, session, events, capsys, round_no: int, reason: str, words: str) -> None:
    path = write(tmp_path, session, events, "forged.hana")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: FORGED DEALS (koikoi")
    assert any(line.startswith(f"  round {round_no}, deal 1: FORGED, {words}") for line in out)
    assert main(["verify", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    (file,) = report["files"]
    assert file["valid"] is False and file["deals_proved"] is False
    forged = [d for d in file["deals"] if d["status"] == "forged"]
    assert [(d["round"], d["reason"]) for d in forged] == [(round_no, reason)]


def _second_round_deal(events: list[Event]) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, Dealt) and e.round == 2)


def test_a_changed_deck_is_refused_with_its_round(tmp_path, session, capsys):
    """Two cards of one hand swapped: the game still replays, but not from its seed."""
    events = list(session.events)
    i = _second_round_deal(events)
    dealt = events[i]
    assert isinstance(dealt, Dealt)
    deck = list(dealt.deck)
    deck[8], deck[9] = deck[9], deck[8]  # two cards of seat 0's hand: the round replays
    events[i] = msgspec.structs.replace(dealt, deck=tuple(deck))
    _refused(tmp_path, session, events, capsys, 2, "deck_changed", "the cards are not the shuffle")


def test_a_reveal_that_does_not_match_its_commitment_is_refused(tmp_path, session, capsys):
    events = list(session.events)
    i = _second_round_deal(events)
    j = next(k for k in range(i, len(events)) if isinstance(events[k], DealRevealed))
    reveal = events[j]
    assert isinstance(reveal, DealRevealed)
    events[j] = msgspec.structs.replace(reveal, secret="ab" * 32)
    _refused(
        tmp_path, session, events, capsys, 2, "secret_differs", "the revealed secret does not match"
    )


def test_a_deck_whose_seed_omits_a_contribution_is_refused(tmp_path, capsys):
    """A table that deals from its secret alone, while recording the player's entropy."""
    session = proved_session(seed=5)
    events = list(session.events)
    i = _second_round_deal(events)
    j = next(k for k in range(i, len(events)) if isinstance(events[k], DealRevealed))
    reveal = events[j]
    assert isinstance(reveal, DealRevealed)
    dealt = events[i]
    assert isinstance(dealt, Dealt)
    own = deck_from_seed(combined_seed(bytes.fromhex(reveal.secret), []))
    events[i] = msgspec.structs.replace(dealt, deck=own)
    # the rest of the round no longer follows: keep the log up to the deal and its reveal
    cut = [*events[: i + 1], reveal]
    _refused(tmp_path, session, cut, capsys, 2, "entropy_omitted", "the deck is the shuffle of")


def test_a_deal_without_a_persons_entropy_is_refused(tmp_path, session, capsys):
    events = list(session.events)
    i = _second_round_deal(events)
    assert isinstance(events[i - 1], EntropyGiven)
    del events[i - 1]
    _refused(
        tmp_path, session, events, capsys, 2, "entropy_missing", "the seed omits the contribution"
    )


def test_a_withheld_reveal_is_named_but_the_log_is_not_refused(tmp_path, session, capsys):
    events = [e for e in session.events if not isinstance(e, DealRevealed) or e.round != 2]
    path = write(tmp_path, session, events)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "round 2, deal 1: NOT PROVED, the table never revealed its secret" in out


def test_a_players_view_proves_the_cards_it_shows(tmp_path, session, capsys):
    from core.logfile import header_for

    for seat in (0, 1):
        view = redact(session.events, seat)
        path = tmp_path / f"view{seat}.hana"
        path.write_bytes(encode_log(header_for(view, redacted_for=seat), view))
        assert main(["verify", "--json", str(path)]) == 0
        (file,) = json.loads(capsys.readouterr().out)["files"]
        assert file["deals_proved"] is True
        assert all(d["redacted"] for d in file["deals"] if d["kind"] == "deal")
    # and a player's view whose shown cards were changed is refused
    view = redact(session.events, 0)
    i = first_deal(view)
    dealt = view[i]
    assert isinstance(dealt, Dealt)
    deck = list(dealt.deck)
    deck[8], deck[9] = deck[9], deck[8]
    view[i] = msgspec.structs.replace(dealt, deck=tuple(deck))
    path = tmp_path / "view-forged.hana"
    path.write_bytes(encode_log(header_for(view, redacted_for=0), view))
    assert main(["verify", str(path)]) == 1
    assert "round 1, deal 1: FORGED" in capsys.readouterr().out


def test_an_older_log_has_no_proof_and_says_so(capsys):
    sample = next(p for p in sorted((ROOT / "replays").glob("*.hana")))
    assert main(["verify", str(sample)]) == 0
    out = capsys.readouterr().out
    assert "its deals carry no proof (written before format version 4)" in out


def test_stray_proof_events_are_refused():
    first = MatchStarted(rules=find_rules("koikoi"), players=(Player(name="A"), Player(name="B")))
    stray = check_deals([first, EntropyGiven(round=1, seat=0, value="00" * 32)])
    assert [(p.status, p.reason) for p in stray] == [("forged", "entropy_alone")]
    alone = check_deals([first, DealRevealed(round=1, secret="00" * 32)])
    assert [(p.status, p.reason) for p in alone] == [("forged", "reveal_alone")]
    twice = DealCommitted(round=1, commitment="11" * 32)
    dealt = Dealt(round=1, dealer=0, deck=deck_from_seed(bytes(32)))
    assert check_deals([first, twice, twice, dealt])[0].reason == "second_commitment"


@pytest.mark.parametrize("bad", ["\x1b]0;owned\x07", "AB" * 32, "0" * 63, "rtl\u202eevil"])
def test_a_proof_field_that_is_not_64_hex_digits_is_refused_with_its_line(tmp_path, session, bad):
    from core.errors import CorruptLogError
    from core.logfile import read_log

    lines = encode_log(session.header, session.events).splitlines(keepends=True)
    i = next(k for k, line in enumerate(lines) if b'"deal_committed"' in line)
    line = json.loads(lines[i])
    line["commitment"] = bad
    lines[i] = json.dumps(line).encode() + b"\n"
    with pytest.raises(CorruptLogError) as err:
        read_log(b"".join(lines))
    assert err.value.line == i + 1


def test_a_deal_whose_entropy_the_table_made_says_so(tmp_path, session, capsys):
    """A network player away when the deal was due: the deal is proved, against the table's own
    commitment only, and verify names whose entropy the table made."""
    events = list(session.events)
    i = _second_round_deal(events)
    given = events[i - 1]
    assert isinstance(given, EntropyGiven)
    events[i - 1] = msgspec.structs.replace(given, by_table=True)
    path = write(tmp_path, session, events)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("  round 2, deal 1"))
    assert line.endswith(
        "the table made the entropy of P1 (seat 1), who gave none (away from the table)"
    )
    assert main(["verify", "--json", str(path)]) == 0
    deals = json.loads(capsys.readouterr().out)["files"][0]["deals"]
    assert [d["by_table"] for d in deals if d["round"] == 2 and d["kind"] == "deal"] == [[0]]


def test_checking_the_proofs_is_linear_in_the_log() -> None:
    """A hostile log of thousands of void deals, none revealed: each is judged once."""
    import time

    from core.events import Redeal

    first = MatchStarted(rules=find_rules("koikoi"), players=(Player(name="A"), Player(name="B")))
    deck = deck_from_seed(bytes(32))
    one = [
        DealCommitted(round=1, commitment="11" * 32),
        Dealt(round=1, dealer=0, deck=deck),
        Redeal(reason="four_of_a_month_on_field"),
    ]
    events = [first, *one * 8000]
    began = time.perf_counter()
    proofs = check_deals(events)
    assert time.perf_counter() - began < 5  # well under a second on a laptop core
    assert len(proofs) == 8000 and all(p.status == "withheld" for p in proofs)
