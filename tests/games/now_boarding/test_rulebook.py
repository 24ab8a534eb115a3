"""Now Boarding's rulebook content against the text: each rule's title is the text's own
words, and the rules follow the text's order."""

from __future__ import annotations

from pnpcompiler.content.components import Rulebook
from pnpcompiler.content.project import load_game
from tests.games.rulebooks import seed_text
from tests.paths import CONTENT

RULEBOOK = "004_7380ea736309e54f.txt"


def plain(text: str) -> str:
    """Return text with its curly quotes straightened and its spaces collapsed."""
    for curly, straight in (("“", '"'), ("”", '"'), ("’", "'"), ("–", "-")):
        text = text.replace(curly, straight)
    return " ".join(text.split())


def titles() -> list[tuple[str, str]]:
    content, findings = load_game(CONTENT, "now-boarding")
    assert content is not None, findings
    return [(rule.id, rule.title) for book in content.of_type(Rulebook) for rule in book.rules]


def test_now_boarding_rule_titles_are_the_text_s_words() -> None:
    text = plain(seed_text(RULEBOOK))
    missing = [rule for rule, title in titles() if plain(title) not in text]
    assert not missing, f"titles not found word for word in the text: {missing}"


def test_now_boarding_rules_follow_the_text_s_order() -> None:
    text = plain(seed_text(RULEBOOK))
    places = [(rule, text.find(plain(title))) for rule, title in titles()]
    firsts = [at for _, at in places]
    assert firsts == sorted(firsts), f"rules out of the text's order: {places}"
