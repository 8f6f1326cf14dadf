"""What the server says (in English, on the wire and in the log) is shown in the player's
language; the name of a player who never chose one too, while the settings keep English."""

from __future__ import annotations

import pytest

from hanatui.net.words import SERVER_SENTENCES, level_name, server_text
from hanatui.store.settings import DEFAULT_NAME, Settings, load_settings
from hanatui.text.i18n import language_scope
from hanatui.text.said import player_name, say


def test_english_is_shown_as_the_server_put_it():
    text = "Ann handed seat 2 (Bob, away 61 s) to an easy computer player"
    assert server_text(text) == text
    assert server_text("something a newer server says") == "something a newer server says"


@pytest.mark.parametrize("language", ["pl", "es"])
def test_the_server_sentences_are_said_in_the_players_language(language):
    with language_scope(language):
        said = server_text("Ann handed seat 2 (Bob, away 61 s) to an easy computer player")
        assert "Ann" in said and "Bob" in said and "61" in said and level_name("easy") in said
        assert "handed" not in said
        assert server_text("it is not your turn") != "it is not your turn"
        assert server_text("Bob said no").startswith("Bob ")
        unknown = "something a newer server says"
        assert server_text(unknown) == unknown


def test_every_server_sentence_is_found_by_its_own_pattern():
    with language_scope("qps"):
        for english, _message in SERVER_SENTENCES:
            sample = english.replace("{a}", "an")
            for name in ("move", "away", "after", "level", "name", "by", "seat", "version"):
                sample = sample.replace("{" + name + "}", "7")
            sample = sample.replace("{ours}", "2").replace("{n}", "20")
            assert server_text(sample) != sample, english


def test_a_player_without_a_name_is_you_in_their_language(tmp_path):
    settings = Settings()
    assert settings.name == DEFAULT_NAME == "You"
    assert player_name(settings) == "You"
    with language_scope("pl"):
        assert player_name(settings) == "Ty"
        assert player_name(Settings(name="Ann")) == "Ann"
    with language_scope("es"):
        assert player_name(settings) == "Tú"
    assert Settings().name == "You"  # nothing translated went into the settings


def test_the_settings_warning_is_said_in_the_players_language(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    _settings, warning = load_settings(path)
    assert warning is not None and "unreadable" in warning  # English, as store/ says it
    with language_scope("pl"):
        assert "nieczytelny" in say(warning)


def test_every_computer_level_has_its_words():
    from hanatui.bots import BOTS
    from hanatui.net.words import level_description

    with language_scope("pl"):
        for level, bot in BOTS.items():
            # the bot's own English is the one translated here (else it would show in English)
            assert level_description(level, bot.description) != bot.description, level
            assert level_name(level) != level, level
