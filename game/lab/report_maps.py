"""The sweep report's maps of where fights are decided, as HTML with the pictures inline (data: URIs).

Per level and variant: four maps (where units fell, hit, stood at the end of their turns, made
attacks of opportunity), each with its hottest squares and the games behind them, and for every
variant the squares whose difference to the baseline survives the correction (game/lab/fight_map.py).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping
from typing import Any

from game.lab.fight_map import KINDS, square_of
from game.levels.level import Level
from game.text.i18n import local_fixed, t


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f"<img src='data:image/png;base64,{data}' alt='{html.escape(alt)}'>"


def _square(where: str) -> str:
    x, y = square_of(where)
    return f"({x}, {y})"


def replay_command(path: str, turn: int) -> str:
    """The command that opens a saved game at a turn."""
    return f"python main.py play --replay {path} --turn {turn}"


def _games(level: str, variant: str, games: list[dict[str, int]], replays: Mapping[tuple[str, str, int], str]) -> str:
    items = []
    for g in games:
        line = html.escape(t("fight_map.game_line", index=g["index"], seed=g["seed"], turn=g["turn"]))
        path = replays.get((level, variant, g["index"]))
        if path:
            line += f" <code>{html.escape(replay_command(path, g['turn']))}</code>"
        items.append(f"<li>{line}</li>")
    return "<ul class='games'>" + "".join(items) + "</ul>"


def _cell_maps(level_json: dict[str, Any], cell: dict[str, Any], level: Level, replays: Mapping[Any, str]) -> str:
    from game.lab.fight_map_png import counts_png  # pygame only when an HTML report is written

    figures = []
    for kind in KINDS:
        hot = cell["map"]["hot"][kind]
        name = t(f"fight_map.kind_{kind}")
        picture = _img(counts_png(level, cell["map"]["counts"][kind], kind, [h["square"] for h in hot]), name)
        per_game = local_fixed(sum(cell["map"]["counts"][kind].values()) / max(1, cell["map"]["games"]), decimals=2)
        rows = []
        for number, h in enumerate(hot, 1):
            square = html.escape(
                t("fight_map.square_line", number=number, square=_square(h["square"]), count=h["count"])
            )
            rows.append(f"<li>{square}{_games(level_json['level'], cell['variant'], h['games'], replays)}</li>")
        listing = f"<ul class='hot'>{''.join(rows)}</ul>" if rows else f"<p>{html.escape(t('fight_map.none'))}</p>"
        caption = html.escape(t("fight_map.caption", kind=name, per_game=per_game))
        figures.append(f"<figure>{picture}<figcaption>{caption}</figcaption>{listing}</figure>")
    return "<div class='maps'>" + "".join(figures) + "</div>"


def _difference(cell: dict[str, Any], level: Level) -> str:
    from game.lab.fight_map_png import difference_png

    diff = cell["map"]["difference"]
    figures, quiet = [], []
    for kind in KINDS:
        squares = diff["kinds"][kind]
        significant = [k for k, s in squares.items() if s["significant"]]
        name = t(f"fight_map.kind_{kind}")
        if not significant:
            quiet.append(name)
            continue
        caption = html.escape(t("fight_map.difference_caption", kind=name, count=len(significant)))
        figures.append(
            f"<figure>{_img(difference_png(level, squares), name)}<figcaption>{caption}</figcaption></figure>"
        )
    text = "<div class='maps'>" + "".join(figures) + "</div>" if figures else ""
    if quiet:
        line = t("fight_map.no_difference", kinds=", ".join(quiet), pairs=diff["pairs"])
        text += f"<p>{html.escape(line)}</p>"
    return text


def maps_section(
    level_json: dict[str, Any], levels: Mapping[tuple[str, str], Level], replays: Mapping[tuple[str, str, int], str]
) -> str:
    """The maps of one level of the report (empty when the report holds no maps or no Level was given)."""
    parts = []
    for cell in level_json["cells"]:
        level = levels.get((level_json["level"], cell["variant"]))
        if level is None or not cell.get("map"):
            continue
        parts.append(f"<h4>{html.escape(cell['variant'])}</h4>" + _cell_maps(level_json, cell, level, replays))
        if cell["map"]["difference"] is not None:
            parts.append(
                f"<p class='meta'>{html.escape(t('fight_map.difference_heading', variant=cell['variant']))}</p>"
            )
            parts.append(_difference(cell, level))
    if not parts:
        return ""
    return f"<h3>{html.escape(t('fight_map.heading'))}</h3>" + "".join(parts)


STYLE = """
.maps { display: flex; flex-wrap: wrap; gap: 1em; } .maps figure { width: 280px; }
.maps img { max-width: 100%; image-rendering: pixelated; border: 1px solid #ccc; }
ul.hot { list-style: none; margin: 0.2em 0; padding: 0; font-size: 0.8em; }
ul.games { margin: 0.1em 0 0.3em; padding-inline-start: 1.2em; } ul.games code { font-size: 0.9em; }
"""
