"""Creature art names: what a level's `art = "wolf"` may say, and the art a unit gets when it says nothing.

No pygame: the level loader validates the key with this table, the window draws the emblem
(game/ui/art.py) from the OpenMoji picture each name stands for.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from rules.core import Creature, Size

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
        "leader": "1F451",
        "spear": "1F531",
        "scout": "1F3C3",
        "smith": "1F528",
        # people told apart by face (the default for a person whose name and stats say no trade)
        "man": "1F468",
        "woman": "1F469",
        "bearded": "1F9D4",
        "elder": "1F9D3",
        "blond": "1F471",
        "redhead": "1F9D1-200D-1F9B0",
        "curly": "1F9D1-200D-1F9B1",
        "white_haired": "1F9D1-200D-1F9B3",
        "bald": "1F9D1-200D-1F9B2",
        "old_man": "1F474",
        "old_woman": "1F475",
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
"""The plain person: the first of the faces (`FACES`)."""
FACES: tuple[str, ...] = (
    DEFAULT_ART, "man", "woman", "bearded", "blond", "redhead", "elder", "curly", "white_haired", "bald",
    "old_man", "old_woman",
)  # fmt: skip
"""A person whose name and stats say no trade (a hero called "Valeros") gets one of these faces, by name;
the units of one match get different faces while there are faces left (`match_arts`)."""
REACH_M = 3.0
"""A Medium or smaller unit with this much reach fights with a long weapon: a spear."""
FAST_M = 12.0
"""A unit this fast on foot is a scout."""

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
    ("cultist", "cultist"), ("kultist", "cultist"), ("cultista", "cultist"),
    ("preacher", "leader"), ("prediger", "leader"), ("predicatore", "leader"), ("leader", "leader"),
    ("anführer", "leader"), ("chieftain", "leader"), ("häuptling", "leader"),
    ("witch", "witch"), ("hexe", "witch"), ("strega", "witch"),
    ("wizard", "caster"), ("mage", "caster"), ("sorcerer", "caster"), ("zauberer", "caster"), ("mago", "caster"),
    ("cleric", "cleric"), ("priest", "cleric"), ("pater", "cleric"), ("brother", "cleric"), ("bruder", "cleric"),
    ("rogue", "rogue"), ("thief", "rogue"), ("dieb", "rogue"), ("ladro", "rogue"),
    ("ranger", "archer"), ("archer", "archer"), ("hunter", "archer"), ("jäger", "archer"), ("wilderer", "archer"),
    ("poacher", "archer"), ("bard", "bard"), ("druid", "druid"),
    ("fighter", "fighter"), ("kämpfer", "fighter"), ("guerriero", "fighter"), ("warrior", "fighter"),
    ("leibgarde", "guard"), ("garde", "guard"), ("guard", "guard"), ("warden", "guard"), ("wächter", "guard"),
    ("guardia", "guard"),
    ("acolyte", "cultist"), ("akolyth", "cultist"), ("accolito", "cultist"),
    ("spear", "spear"), ("spearman", "spear"), ("pikeman", "spear"), ("pike", "spear"), ("lancer", "spear"),
    ("speer", "spear"), ("lanze", "spear"), ("lancia", "spear"), ("lanciere", "spear"), ("picchiere", "spear"),
    ("scout", "scout"), ("späher", "scout"), ("esploratore", "scout"),
    ("blade", "rogue"), ("knife", "rogue"), ("knifeman", "rogue"), ("dagger", "rogue"), ("stalker", "archer"),
    ("klinge", "rogue"), ("messer", "rogue"), ("lama", "rogue"), ("coltello", "rogue"), ("pugnale", "rogue"),
    ("smith", "smith"), ("schmied", "smith"), ("fabbro", "smith"),
    ("captain", "fighter"), ("hauptmann", "fighter"), ("capitano", "fighter"), ("knight", "fighter"),
    ("ritter", "fighter"), ("sword", "fighter"), ("schwert", "fighter"),
    ("bow", "archer"), ("bogen", "archer"), ("arco", "archer"), ("crossbow", "archer"), ("armbrust", "archer"),
    ("balestra", "archer"),
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
    translations = getattr(name, "translations", None)  # a game.text.local_text.LocalText
    if isinstance(translations, Mapping):
        return [str(name), *(str(v) for v in translations.values())]
    return [str(name or creature.id)]


def default_art(creature: Creature) -> str:
    """The art a unit gets when its level names none: a role in brackets first ("Pip (halfling rogue)" →
    rogue), then the name's words in any of its languages, then its id; a mounted unit rides; then its stats
    (Huge or larger: a giant, Large: an ogre, a long reach: a spear, fast on foot: a scout); else a face
    chosen by its name, so that two people called differently seldom look alike (`match_arts` makes it never,
    within one match)."""
    texts = (*_name_texts(creature), creature.id)
    return _art_from(texts, _mounted(creature)) or _role_art(creature) or FACES[_face_index(texts[0])]


def is_face(creature: Creature) -> bool:
    """Whether the unit shows a face only because nothing in its level, name or stats names a role."""
    return (
        not creature.art
        and _art_from((*_name_texts(creature), creature.id), _mounted(creature)) is None
        and (_role_art(creature) is None)
    )


def _mounted(creature: Creature) -> bool:
    """Whether the unit rides: a `mounted` trait of its ruleset (hexxen's), asked by name so that drawing a
    token imports no ruleset."""
    return bool(getattr(creature.traits, "mounted", False))


def _role_art(creature: Creature) -> str | None:
    """A role read from the unit's size, reach and speed, or None when they say nothing special."""
    if creature.size >= Size.HUGE:
        return "giant"
    if creature.size == Size.LARGE:
        return "ogre"
    if creature.size <= Size.MEDIUM and creature.reach >= REACH_M:
        return "spear"
    if creature.speed is not None and creature.speed >= FAST_M:
        return "scout"
    return None


def _face_index(name: str) -> int:
    """A face for a name: the same on every start and machine (a CRC of its letters, never Python's hash)."""
    return zlib.crc32(name.casefold().encode("utf-8")) % len(FACES)


@lru_cache(maxsize=1024)
def _art_from(texts: tuple[str, ...], mounted: bool) -> str | None:
    """The art the unit's name texts (and id) say, a rider when mounted, or None: worked out once per name,
    not on every board draw."""
    for text in [b for t in texts for b in _BRACKETS.findall(t)] + list(texts):
        art = _best(text)
        if art is not None:
            return art
    return "rider" if mounted else None


def art_of(creature: Creature) -> str:
    """The art a unit shows: its level's `art` key, else the default from its name and stats."""
    return creature.art if creature.art else default_art(creature)


def match_arts(creatures: Mapping[str, Creature]) -> dict[str, str]:
    """The art of every unit of a match, people without a role told apart: units with different names get
    different faces while faces last (units sharing a name share a face), in the order the units come."""
    arts = {uid: art_of(c) for uid, c in creatures.items()}
    free = [f for f in FACES if f not in arts.values()]
    by_name: dict[str, str] = {}
    for uid, c in creatures.items():
        if not is_face(c):
            continue
        name = _name_texts(c)[0]
        if name in by_name:
            arts[uid] = by_name[name]
            continue
        mine = arts[uid]
        if mine in by_name.values():  # another name took this face first: the next face nobody shows
            mine = free.pop(0) if free else mine
        by_name[name] = arts[uid] = mine
    return arts
