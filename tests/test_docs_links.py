"""Every relative link of the README and the docs pages leads somewhere: the file exists, and a
link to a heading (``page.md#heading``) names a heading of that page, as GitHub makes its
anchors. Links inside code (fenced blocks, `spans`) are text, not links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The pages a reader follows links between.
PAGES = [
    ROOT / "README.md",
    ROOT / "lab" / "README.md",
    ROOT / "themes" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    return _CODE.sub("", _FENCE.sub("", text))


def links(text: str) -> list[str]:
    """The link targets of a markdown text, outside code."""
    return _LINK.findall(_prose(text))


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = _CODE.sub(lambda m: m.group(0)[1:-1], heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(h) for h in _HEADING.findall(text)}


def broken(page: Path) -> list[str]:
    """The links of ``page`` that lead nowhere, each with why."""
    out = []
    for target in links(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        path, _, fragment = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            out.append(f"{target}: no such file")
        elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
            out.append(f"{target}: no heading #{fragment} in {path or page.name}")
    return out


def test_the_pages_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/keys.md", "docs/opponents.md", "lab/README.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path):
    assert not broken(page), f"{page.relative_to(ROOT)}: {broken(page)}"


def test_a_missing_file_or_heading_is_found_and_code_is_not_a_link(tmp_path: Path):
    (tmp_path / "other.md").write_text("# Other page\n\n## The `sim` command\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "See [that](other.md#the-sim-command), [this](#here) and ![a picture](gone.png).\n"
        "[Nowhere](other.md#nowhere), [web](https://example.org/x.md).\n\n"
        "## Here\n\n`[not a link](missing.md)`\n\n```\n[nor this](missing.md)\n```\n",
        encoding="utf-8",
    )
    assert broken(page) == [
        "gone.png: no such file",
        "other.md#nowhere: no heading #nowhere in other.md",
    ]
