"""Drawings of a refereed record: the board at the end of a turn, the map trace of the whole
game, and a page that steps through the turns."""

from __future__ import annotations

from .records import records_of
from .report import AnyReport


def board_pages(report: AnyReport, which: str) -> list[tuple[int, str]]:
    """Return (turn, SVG text) for one turn's board (``which`` a turn number) or every turn
    (``all``); raise ValueError when the game draws no boards or the turn was not played."""
    from ..render.svg import face_svg

    game = report.content
    draw = records_of(game).snapshot if game is not None else None
    if game is None or draw is None:
        raise ValueError(f"{report.game} has no board drawing for its records")
    turns = {getattr(s, "turn", i + 1): s for i, s in enumerate(report.snapshots)}
    if which == "all":
        chosen = sorted(turns)
    else:
        try:
            number = int(which)
        except ValueError:
            raise ValueError(f"--board takes a turn number or 'all', not {which!r}") from None
        if number not in turns:
            raise ValueError(f"turn {number} is not in the record (turns: "
                             f"{min(turns, default=0)}-{max(turns, default=0)})")
        chosen = [number]
    return [(t, face_svg(draw(game, turns[t]), title=f"{report.game} - turn {t}"))
            for t in chosen]


def map_trace(report: AnyReport) -> str:
    """Return the SVG of the whole replayed game drawn on its map (the route flown, the
    checks and their results); raise ValueError when the game draws none."""
    from ..render.svg import face_svg

    game = report.content
    draw = records_of(game).trace if game is not None else None
    if game is None or draw is None or report.state is None:
        raise ValueError(f"{report.game} draws no map trace for its records")
    return face_svg(draw(game, report.state), title=f"{report.game} - trace")


def board_stepper(pages: list[tuple[int, str]], title: str) -> str:
    """Return an HTML page that steps through the boards of every turn (keys or buttons)."""
    from html import escape

    frames = "\n".join(f'<figure data-turn="{t}" hidden><img src="turn-{t:02d}.svg" '
                        f'alt="board at the end of turn {t}"><figcaption>Turn {t}'
                        "</figcaption></figure>" for t, _ in pages)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>body{{font-family:sans-serif;margin:1em}} img{{max-width:100%;height:auto;
border:1px solid #ccc}} nav button{{font-size:1.1em;margin-right:.4em}}</style></head>
<body><h1>{escape(title)}</h1>
<nav><button id="prev">&larr; previous</button><button id="next">next &rarr;</button>
<span id="where"></span> (arrow keys work too)</nav>
{frames}
<script>
const frames=[...document.querySelectorAll('figure')];let i=0;
function show(n){{i=Math.max(0,Math.min(frames.length-1,n));frames.forEach((f,k)=>f.hidden=k!==i);
document.getElementById('where').textContent=' turn '+frames[i].dataset.turn+' of '+frames.length;}}
document.getElementById('prev').onclick=()=>show(i-1);
document.getElementById('next').onclick=()=>show(i+1);
document.addEventListener('keydown',e=>{{if(e.key==='ArrowLeft')show(i-1);
if(e.key==='ArrowRight')show(i+1);}});show(0);
</script></body></html>
"""
