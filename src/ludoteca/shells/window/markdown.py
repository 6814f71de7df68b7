"""The rules' and the manual's Markdown as the small HTML subset pygame_gui's text boxes show,
and the manual's text cut at its pictures (which a text box cannot draw: the manual's screen
draws them between the runs of text)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_BULLET = re.compile(r"^\s*[*-]\s+")


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    text = _ITALIC.sub(r"<i>\1</i>", text)
    return _CODE.sub(r"<b>\1</b>", text)


def heading_points(body: int) -> tuple[int, int, int]:
    """The sizes of headings of level 1, 2 and 3 or more beside body text of size `body`."""
    return (round(body * 4 / 3), body, round(body * 8 / 9))


def to_html(markdown: str, body: int = 18) -> str:
    """Headings, paragraphs, bullet lists, bold/italic/code and verbatim blocks; headings are
    sized against body text of `body` pixels."""
    sizes = heading_points(body)
    out: list[str] = []
    paragraph: list[str] = []
    verbatim = False

    def flush() -> None:
        if paragraph:
            bullet = paragraph[0].startswith("• ")
            out.append(_inline(" ".join(paragraph)) + ("<br>" if bullet else "<br><br>"))
            paragraph.clear()

    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("```"):
            flush()
            verbatim = not verbatim
            if not verbatim:
                out.append("<br>")
            continue
        if verbatim:
            out.append(html.escape(line, quote=False) + "<br>")
            continue
        if not line.strip():
            bullets_before = bool(paragraph) and paragraph[0].startswith("• ")
            flush()
            if bullets_before:
                out.append("<br>")
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            flush()
            size = sizes[min(len(heading[1]), 3) - 1]
            out.append(f"<font pixel_size={size}><b>{_inline(heading[2])}</b></font><br>")
            continue
        if _BULLET.match(line):
            flush()
            paragraph.append("• " + _BULLET.sub("", line))
            continue
        if line.lstrip().startswith("|"):
            flush()
            out.append(_inline(line.strip()) + "<br>")
            continue
        if paragraph and paragraph[0].startswith("• ") and raw.startswith("  "):
            paragraph.append(line.strip())
            continue
        paragraph.append(line.strip())
    flush()
    return "".join(out).removesuffix("<br><br>")


_PICTURE = re.compile(r"!\[([^\]]*)\]\(([^)\s]*)[^)]*\)")


@dataclass(frozen=True)
class Picture:
    """A picture of the text: its file (as the Markdown names it, relative to the text's folder)
    and its description."""

    source: str
    description: str


def with_pictures(markdown: str) -> list[str | Picture]:
    """The text cut at its pictures (`![description](file)`, outside verbatim blocks): runs of
    Markdown and the pictures between them, in order; empty runs are left out."""
    pieces: list[str | Picture] = []
    run: list[str] = []
    verbatim = False

    def flush() -> None:
        text = "\n".join(run).strip("\n")
        if text.strip():
            pieces.append(text)
        run.clear()

    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            verbatim = not verbatim
        if verbatim or not _PICTURE.search(line):
            run.append(line)
            continue
        start = 0
        for found in _PICTURE.finditer(line):
            run.append(line[start : found.start()])
            flush()
            pieces.append(Picture(found[2], found[1]))
            start = found.end()
        run.append(line[start:])
    flush()
    return pieces
