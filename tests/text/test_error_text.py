"""The engine's errors in the player's language: every reason the engine gives is a template the
catalogs hold, and `error_text` says a refused log line in Polish and Spanish with its line and
values filled in, while the English (``str(exc)``, ``exc.reason``) stays what it was."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import pickle
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from core.errors import CorruptLogError, HanaError, NotationError, UnsupportedVersionError
from core.logfile import read_log
from core.messages import N_, Message
from hanatui.text.errors import error_reason, error_text, message_text
from hanatui.text.i18n import LOCALE_DIR, language_scope

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
_SCRIPT = ROOT / "scripts" / "messages.py"
ERRORS = {
    "HanaError",
    "NotationError",
    "RulesError",
    "IllegalActionError",
    "CorruptLogError",
    "UnsupportedVersionError",
    "_SyntaxProblem",
}


@pytest.fixture(scope="module")
def extracted() -> Iterator[set[str]]:
    spec = importlib.util.spec_from_file_location("hanatui_messages_script_errors", _SCRIPT)
    assert spec is not None and spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield {m.id for m in module.extract() if m.id and isinstance(m.id, str)}
    sys.modules.pop("hanatui_messages_script_errors", None)


def _catalog(language: str) -> gettext.GNUTranslations:
    return gettext.translation("hanatui", LOCALE_DIR, languages=[language])


def _marked(path: Path) -> Iterator[tuple[int, str]]:
    """Each ``N_("...")`` of a source file: its line and its text."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "N_"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value


def _error_calls(path: Path) -> Iterator[tuple[int, ast.expr | None]]:
    """Each construction of an engine error in a source file, with its first argument."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in ERRORS:
            yield node.lineno, node.args[0] if node.args else None


def test_every_marked_sentence_of_the_engine_is_a_message_of_the_catalogs(
    extracted: set[str],
) -> None:
    found = [(p, line, text) for p in sorted(CORE.rglob("*.py")) for line, text in _marked(p)]
    assert len(found) > 100  # the engine's reasons are marked
    missing = [f"{p.relative_to(ROOT)}:{n}: {t!r}" for p, n, t in found if t not in extracted]
    assert missing == []
    # the engine's own reasons (its games' words are theirs: a name such as Hiki may stay as it is)
    reasons = [text for p, _l, text in found if p.parent == CORE]
    for language in ("pl", "es"):
        catalog = _catalog(language)
        assert [text for text in reasons if catalog.gettext(text) == text] == []


def test_the_engine_raises_its_errors_with_marked_templates_not_english_text() -> None:
    """A reason written as an f-string or an unmarked literal could not be translated: every
    engine error of core/ (its games aside, whose rules are theirs) is made from ``N_(...)``,
    a template held in a name, or another error's template."""
    wrong = []
    for path in sorted(CORE.glob("*.py")):
        for line, first in _error_calls(path):
            if first is None:
                continue
            if isinstance(first, (ast.JoinedStr, ast.BinOp)) or (
                isinstance(first, ast.Constant) and isinstance(first.value, str)
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{line}")
    assert wrong == []


def _refused(data: bytes) -> CorruptLogError:
    with pytest.raises(CorruptLogError) as info:
        read_log(data)
    return info.value


def _not_in_hand_log() -> tuple[bytes, int]:
    """A real log with one play changed to a card that is not in the player's hand, and the line
    of that play."""
    lines = (ROOT / "replays" / "bakappana-3p-seed30.hana").read_bytes().splitlines(keepends=True)
    log = read_log(b"".join(lines))
    from core.events import CardPlayed

    index = next(i for i, e in enumerate(log.events) if isinstance(e, CardPlayed))
    played = log.events[index]
    assert isinstance(played, CardPlayed)
    state = log.states[index - 1]
    others = [s for s in range(len(state.players)) if s != played.seat]
    from core.cards import cards_of

    foreign = next(iter(cards_of(state.hands[others[0]])))
    line = index + 2  # the header is line 1, event 0 line 2 (the sample has no comments)
    assert lines[line - 1].count(f'"{played.card.value}"'.encode()) >= 1
    lines[line - 1] = lines[line - 1].replace(
        f'"card":"{played.card.value}"'.encode(), f'"card":"{foreign.value}"'.encode()
    )
    return b"".join(lines), line


def test_a_refused_line_in_polish_and_spanish_is_the_catalogs_sentence_with_its_values() -> None:
    data, line = _not_in_hand_log()
    exc = _refused(data)
    assert exc.line == line
    assert exc.template == "{card} is not in seat {seat}'s hand"
    card, seat = exc.params["card"], exc.params["seat"]
    english = f"line {line}: {card} is not in seat {seat}'s hand"
    assert str(exc) == english  # the English as it always was
    assert exc.reason == f"{card} is not in seat {seat}'s hand"
    with language_scope("en"):
        assert error_text(exc) == english
    for language in ("pl", "es"):
        catalog = _catalog(language)
        reason = catalog.gettext(exc.template).format(card=card, seat=seat)
        whole = catalog.gettext("line {line}: {reason}").format(line=line, reason=reason)
        assert reason != exc.reason and whole != english
        with language_scope(language):
            assert error_reason(exc) == reason
            assert error_text(exc) == whole
    with language_scope("pl"):
        assert error_text(exc) == f"wiersz {line}: karty {card} nie ma na ręce miejsca {seat}"
    with language_scope("es"):
        assert (
            error_text(exc)
            == f"línea {line}: la carta {card} no está en la mano del asiento {seat}"
        )


def test_a_reason_inside_a_reason_is_translated_too() -> None:
    """The header's reason holds the validator's, which holds where in the JSON it is."""
    header = b'{"format":"hanatui","version":4,"players":[],"rules":{}}\n'
    exc = _refused(header)
    assert str(exc) == (
        "line 1: invalid header: Object missing required field `game` - at `$.rules`"
    )
    with language_scope("pl"):
        assert error_text(exc) == (
            "wiersz 1: błędny nagłówek: w obiekcie brak wymaganego pola `game` \u2013 w `$.rules`"
        )
    with language_scope("es"):
        assert error_text(exc) == (
            "línea 1: cabecera no válida: al objeto le falta el campo obligatorio `game` \u2013 en "
            "`$.rules`"
        )


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*.hana")), ids=lambda p: p.name)
def test_each_hostile_log_is_refused_in_every_language_with_its_line(path: Path) -> None:
    exc = _refused(path.read_bytes())
    assert exc.line is not None
    with language_scope("en"):
        assert error_text(exc) == str(exc)
    for language, word in (("pl", "wiersz"), ("es", "línea")):
        with language_scope(language):
            assert error_text(exc).startswith(f"{word} {exc.line}: ")


def test_the_english_of_a_template_with_values_and_of_a_plain_string() -> None:
    exc = NotationError(N_("invalid card code: {code} (expected 01a..12d)"), code=repr("13a"))
    assert str(exc) == "invalid card code: '13a' (expected 01a..12d)"
    assert exc.message == Message(exc.template, code="'13a'")
    plain = HanaError("a {brace} the caller wrote as it is")  # no values: not formatted
    assert str(plain) == "a {brace} the caller wrote as it is"
    with language_scope("pl"):
        assert error_text(plain) == str(plain)
        assert error_text(OSError("disk full")) == "disk full"
        assert error_text(HanaError("")) == ""  # never the catalog's header
        assert message_text(Message(N_("no events"))) == "brak zdarzeń"


def test_a_moved_error_keeps_its_template_and_values() -> None:
    exc = UnsupportedVersionError(N_("cannot read log format version {version}"), 1, version=9)
    moved = exc.at(7)
    assert type(moved) is CorruptLogError
    assert (moved.template, moved.params, moved.line) == (exc.template, {"version": 9}, 7)
    assert str(moved) == "line 7: cannot read log format version 9"
    with language_scope("es"):
        assert error_text(moved) == "línea 7: no se puede leer la versión 9 del formato de registro"


def test_a_translation_naming_other_values_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import hanatui.text.errors as errors

    monkeypatch.setattr(errors, "_", lambda message: "{nothing_of_the_kind}")
    exc = CorruptLogError(N_("{card} is dealt twice"), card="01a")
    assert errors.error_reason(exc) == "01a is dealt twice"


def test_an_error_crosses_a_process_with_its_template_and_values() -> None:
    exc = CorruptLogError(N_("not a hanatui log: {reason}"), 3, reason=Message(N_("empty line")))
    back: Any = pickle.loads(pickle.dumps(exc))
    assert (type(back), str(back), back.reason, back.line) == (
        CorruptLogError,
        "line 3: not a hanatui log: empty line",
        "not a hanatui log: empty line",
        3,
    )
    with language_scope("pl"):
        assert error_text(back) == "wiersz 3: to nie jest zapis hanatui: pusty wiersz"


def test_a_rules_error_naming_an_option_is_said_with_the_options_words() -> None:
    from core.errors import RulesError
    from core.rules import find_rules
    from hanatui.text.options import rules_error_text

    with pytest.raises(RulesError) as info:
        find_rules("bakappana", rounds=0)
    exc = info.value
    assert error_text(exc) == str(exc) == "Rounds: must be at least 1"
    for language in ("pl", "es"):
        with language_scope(language):
            assert error_text(exc) == rules_error_text(exc) != str(exc)
    inside = CorruptLogError(N_("invalid header: {reason}"), 1, reason=exc)
    assert str(inside) == "line 1: invalid header: Rounds: must be at least 1"
    with language_scope("pl"):
        assert error_text(inside) == f"wiersz 1: błędny nagłówek: {rules_error_text(exc)}"
