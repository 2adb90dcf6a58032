"""Creature art names: what a level's `art = "wolf"` may say, and the art a unit gets when it says nothing.

No pygame: the level loader validates the key with this table, the window draws the emblem
(game/ui/art.py) from the OpenMoji picture each name stands for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from rules.core import Creature

ART: Mapping[str, str] = MappingProxyType(
    {
        # humanoids by trade
        "humanoid": "1F9D1",
        "fighter": "1F6E1",
        "guard": "1F482",
        "caster": "1F9D9",
        "witch": "1F9D9-200D-2640-FE0F",
        "cleric": "1F64F",
        "rogue": "1F5E1",
        "archer": "1F3F9",
        "bard": "1F3BB",
        "druid": "1F33F",
        "rider": "1F3C7",
        "cultist": "1F56F",
        # monsters
        "goblin": "1F47A",
        "orc": "1F9CC",
        "ogre": "1F479",
        "giant": "1F5FF",
        "kobold": "1F98E",
        "lizard": "1F98E",
        "imp": "1F47F",
        "skeleton": "1F480",
        "zombie": "1F9DF",
        "vampire": "1F9DB",
        "ghost": "1F47B",
        "wisp": "2728",
        "dragon": "1F409",
        # animals and beasts
        "beast": "1F417",
        "rat": "1F400",
        "wolf": "1F43A",
        "hound": "1F415",
        "bear": "1F43B",
        "bird": "1F426-200D-2B1B",
        "bat": "1F987",
        "insect": "1F99F",
        "spider": "1F577",
        "snake": "1F40D",
    }
)
"""Art name → the OpenMoji picture (its Unicode code points, as OpenMoji names its files)."""

ART_NAMES: tuple[str, ...] = tuple(sorted(ART))

DEFAULT_ART = "humanoid"
"""A unit whose name says nothing the table knows (a hero called "Valeros") is a person."""

# words of a unit's name (any language it is given in) → art. Earlier rows win: what a creature is
# (skeleton) before its trade (warden); a German compound counts by its last part (Hexenreiter → rider)
_WORDS: tuple[tuple[str, str], ...] = (
    ("rider", "rider"), ("reiter", "rider"), ("beritten", "rider"), ("cavaliere", "rider"), ("mounted", "rider"),
    ("zombie", "zombie"), ("skeleton", "skeleton"), ("skelett", "skeleton"), ("scheletro", "skeleton"),
    ("vampire", "vampire"), ("vampir", "vampire"), ("ghost", "ghost"), ("shadow", "ghost"), ("schatten", "ghost"),
    ("geist", "ghost"), ("wisp", "wisp"), ("irrlicht", "wisp"),
    ("goblin", "goblin"), ("orc", "orc"), ("ork", "orc"), ("orco", "orc"), ("ogre", "ogre"), ("oger", "ogre"),
    ("giant", "giant"), ("riese", "giant"), ("gigante", "giant"), ("kobold", "kobold"),
    ("imp", "imp"), ("wichtel", "imp"), ("folletto", "imp"), ("devil", "imp"),
    ("wyvern", "dragon"), ("dragon", "dragon"), ("drache", "dragon"), ("drago", "dragon"),
    ("rat", "rat"), ("ratte", "rat"), ("ratto", "rat"), ("wolf", "wolf"), ("lupo", "wolf"),
    ("gnoll", "hound"), ("hound", "hound"), ("hund", "hound"), ("dog", "hound"), ("bear", "bear"), ("bär", "bear"),
    ("harpy", "bird"), ("raven", "bird"), ("rabe", "bird"), ("corvo", "bird"), ("aarakocra", "bird"),
    ("bird", "bird"), ("hawk", "bird"),
    ("bat", "bat"), ("stirge", "insect"), ("insect", "insect"), ("spider", "spider"), ("spinne", "spider"),
    ("snake", "snake"), ("schlange", "snake"), ("lizard", "lizard"), ("echse", "lizard"),
    ("beast", "beast"), ("biest", "beast"), ("bestia", "beast"), ("boar", "beast"), ("keiler", "beast"),
    ("cultist", "cultist"), ("kultist", "cultist"), ("cultista", "cultist"), ("prediger", "cultist"),
    ("witch", "witch"), ("hexe", "witch"), ("strega", "witch"),
    ("wizard", "caster"), ("mage", "caster"), ("sorcerer", "caster"), ("zauberer", "caster"), ("mago", "caster"),
    ("cleric", "cleric"), ("priest", "cleric"), ("pater", "cleric"), ("brother", "cleric"), ("bruder", "cleric"),
    ("rogue", "rogue"), ("thief", "rogue"), ("dieb", "rogue"), ("ladro", "rogue"),
    ("ranger", "archer"), ("archer", "archer"), ("hunter", "archer"), ("jäger", "archer"), ("wilderer", "archer"),
    ("poacher", "archer"), ("bard", "bard"), ("druid", "druid"),
    ("fighter", "fighter"), ("kämpfer", "fighter"), ("guerriero", "fighter"), ("warrior", "fighter"),
    ("leibgarde", "guard"), ("garde", "guard"), ("guard", "guard"), ("warden", "guard"), ("wächter", "guard"),
    ("guardia", "guard"),
)  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+")
_BRACKETS = re.compile(r"\(([^)]*)\)")
SUFFIX_MIN = 4
"""Only words this long count as the last part of a compound ("rat" must not match "pirat")."""


def _best(text: str) -> str | None:
    """The art of the highest-ranked word in `text`, or None."""
    ranks = []
    for word in _WORD.findall(text.lower()):
        for rank, (key, art) in enumerate(_WORDS):
            if word == key or (len(key) >= SUFFIX_MIN and word.endswith(key)):
                ranks.append((rank, art))
                break
    return min(ranks)[1] if ranks else None


def _name_texts(creature: Creature) -> list[str]:
    """Every language the unit's name is given in (a LocalText table or a plain string)."""
    name = creature.name
    translations = getattr(name, "translations", None)  # a game.local_text.LocalText
    if isinstance(translations, Mapping):
        return [str(name), *(str(v) for v in translations.values())]
    return [str(name or creature.id)]


def default_art(creature: Creature) -> str:
    """The art a unit gets from its name: a role in brackets first ("Pip (halfling rogue)" → rogue), then
    the name's words in any of its languages, then its id; a mounted unit rides; else a person."""
    return _art_from((*_name_texts(creature), creature.id), creature.mounted)


@lru_cache(maxsize=1024)
def _art_from(texts: tuple[str, ...], mounted: bool) -> str:
    """default_art of a unit with these name texts (and id): worked out once per name, not on every board draw."""
    for text in [b for t in texts for b in _BRACKETS.findall(t)] + list(texts):
        art = _best(text)
        if art is not None:
            return art
    return "rider" if mounted else DEFAULT_ART


def art_of(creature: Creature) -> str:
    """The art a unit shows: its level's `art` key, else the default from its name."""
    return creature.art if creature.art else default_art(creature)
