"""What a token's name plate says: whole words, or a clean abbreviation, never a word cut mid-way.

Each unit gets its label's forms, the most telling first: its whole name ("Anna Lindner"), its first word
("Anna"), that word abbreviated where a syllable starts ("Cult." for Cultist, "Pred." for Prediger, with a
geresh in Hebrew), a later word ("Cutter" for Goblin Cutter, beside a plain Goblin) and the initials ("GC").
Units sharing a name keep their number in every form ("Cultist 3", "Cult. 3", "C.3"), the number the log
gives them (game/text/unit_names.py). A form two differently named units could both show goes to the one it tells
more of (a whole name before a first word, before a later word, before initials) or else to neither, so
whatever room each token has, no two read alike.

A token shows the first form that fits its plate (`fitted`), at its zoomed size or a little smaller: a
whole word slightly smaller reads better than a cut one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from game.text.i18n import current_language, is_rtl
from game.text.local_text import local
from game.text.unit_names import distinct_names
from game.ui import theme
from rules.core import Creature

Label = tuple[str, ...]
"""The forms a token may show, the most telling first; all of one unit's forms differ from every other unit's."""

ARTICLES = frozenset({"der", "die", "das", "the", "il", "la", "lo", "le", "i", "gli", "l'"})
"""Leading articles that would make every token read the same ("Der", "The")."""
FILLERS = ARTICLES | {"a", "an", "of", "von", "van", "zu", "de", "di", "del", "della", "delle", "dei", "des", "al"}
"""Small words that never make a label on their own, nor an initial ("Jacob von Gräfenstein" is JG)."""
TITLES = frozenset(
    {"father", "brother", "sister", "mother", "sir", "dame", "lady", "lord", "master", "saint", "st."}
    | {"pater", "bruder", "schwester", "mutter", "vater", "herr", "frau", "meister", "sankt"}
    | {"padre", "fratello", "frate", "fra", "sorella", "suor", "madre", "don", "donna", "ser", "messer", "san"}
    | {"האב", "האח", "האחות", "האם", "הרב"}
)
"""A leading title, which many units of one faith or order share: the word after it is the one to show ("Father
Matthias" reads Matthias, "Bruder Tomas" Tomas); it stays in the whole name and the initials."""
VOWELS = frozenset("aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüœ" + "אהוי")
"""Letters a syllable starts before: an abbreviation ends on a consonant before one of them ("Cult|ist")."""
MARK, HEBREW_MARK = ".", "\u05f3"
"""An abbreviation's mark: a full stop, in Hebrew the geresh (עכבר׳)."""
SHRINK = 0.85
"""A form may be drawn down to this share of the token's text size (never under MIN_FONT_PX) to fit whole."""


def _is_hebrew(word: str) -> bool:
    return any("\u0590" <= ch <= "\u05ff" for ch in word)


ELIDED = re.compile(r"^(?:l|d|dell|dall|nell|sull|all|un)['’]", re.IGNORECASE)
"""An Italian elided article on a word ("l'erborista" reads Erborista)."""


def _name_words(name: str) -> tuple[str, list[str]]:
    """The name without a role in brackets or a leading article ("The Preacher" → Preacher), and its words;
    hyphens and the Hebrew maqaf part words too ("Ork-Rohling" → Ork, Rohling)."""
    whole = re.sub(r"\s*\([^)]*\)", "", name).strip() or name
    parts = whole
    for mark in ("_", "-", "\u05be"):
        parts = parts.replace(mark, " ")
    words = [ELIDED.sub("", w) or w for w in parts.split()]
    while len(words) > 1 and words[0].lower() in ARTICLES:
        whole = whole[whole.find(words[0]) + len(words[0]) :].lstrip(" -_\u05be")
        words = words[1:]
    return whole, words or [name]


def _cuts(low: str, syllable: bool) -> list[int]:
    """Where `low` may be cut, longest first: after a consonant before a vowel (`syllable`), else before another
    consonant; never so late that the mark saves nothing, nor before the second letter."""
    return [
        k
        for k in range(len(low) - 2, 1, -1)
        if low[k - 1].isalpha() and low[k - 1] not in VOWELS and (low[k] in VOWELS) == syllable and low[k].isalpha()
    ]


TRAILING_NUMBER = re.compile(r"^(.*\D)(\d+)$")
"""A word ending in a number, as a unit named by its id reads ("heroes1"): the number is the part that tells."""


def abbreviations(word: str) -> list[str]:
    """`word` shortened where a syllable starts, the longest first, and to its first letter ("Cultist" → Cult.,
    C.; "Wichtel" → Wicht., W.); a word with no such place is cut between consonants ("Harsk" → Har., H.); a
    number it ends in stays ("Heroes1" → Her.1, H.1: a unit named by its id keeps what tells it apart)."""
    numbered = TRAILING_NUMBER.match(word)
    if numbered:
        stem, number = numbered.groups()
        return [form + number for form in abbreviations(stem)]
    mark = HEBREW_MARK if _is_hebrew(word) else MARK
    low = word.lower()
    cuts = _cuts(low, syllable=True) or _cuts(low, syllable=False)
    return [word[:k] + mark for k in cuts] + ([word[0] + mark] if len(word) > 2 else [])


def _initials(words: list[str]) -> str | None:
    """The first letters of the name's words ("Goblin Cutter" GC), in Hebrew with gershayim; None for one word."""
    kept = [w for w in words if w.lower() not in FILLERS] or words
    if len(kept) < 2:
        return None
    letters = "".join(w[0] for w in kept)
    if _is_hebrew(letters):
        return letters[:-1] + "\u05f4" + letters[-1]
    return letters.upper()


def _stems(name: str) -> dict[str, int]:
    """A name's label stems without a number, the most telling first, each with its rank: 0 the whole name
    (and a one-word name's abbreviations), 1 its first word, 2 a later word, 3 the initials."""
    whole, words = _name_words(name)
    ranked = [(whole, 0)]
    titled = 1 if len(words) > 1 and words[0].lower() in TITLES else 0  # "Father Matthias": Matthias first
    shown = words[titled:]
    for i, word in enumerate([shown[0], *(w for w in shown[1:] if w.lower() not in FILLERS)]):
        rank = 0 if len(words) == 1 else min(2, i + 1)
        ranked += [(stem, rank) for stem in (word, *abbreviations(word))]
    initials = _initials(words)
    if initials:
        ranked.append((initials, 3))
    stems: dict[str, int] = {}
    for stem, rank in ranked:
        stems.setdefault(stem[:1].upper() + stem[1:], rank)  # a label starts with a capital ("Il predicatore")
    return stems


def _forms(stems: list[str], number: str) -> Label:
    """Each stem with the unit's number ("Cult. 3", then "Cult.3" where a space is too much)."""
    if not number:
        return tuple(stems)
    return tuple(dict.fromkeys(form for stem in stems for form in (f"{stem} {number}", f"{stem}{number}")))


@lru_cache(maxsize=32)
def _labels(units: tuple[tuple[str, str, str], ...]) -> dict[str, Label]:
    """(id, name, number) per unit → its label's forms, none of which another unit's could read."""
    stems = {uid: _stems(name) for uid, name, _ in units}
    names = {uid: name for uid, name, _ in units}
    kept: dict[str, list[str]] = {}
    for uid, own in stems.items():
        others = [stems[v] for v in stems if names[v] != names[uid]]
        # a stem two names could show goes to the one it tells more of ("Skel." to Skeleton rather than to
        # Skeleton Warden, who reads "Warden"); where it tells both as much, to neither
        kept[uid] = [s for s, rank in own.items() if all(rank < o.get(s, 4) for o in others)]
    forms = {uid: _forms(kept[uid], number) for uid, _, number in units}
    # a number joined on could still meet another name's stem ("Rat" 1 and a unit named "Rat1")
    seen: dict[str, int] = {}
    for label in forms.values():
        for form in label:
            seen[form] = seen.get(form, 0) + 1
    labels: dict[str, Label] = {}
    for uid, name, _number in units:
        label = tuple(f for f in forms[uid] if seen[f] == 1)
        labels[uid] = label or (f"{name} ({uid})",)  # only names made to clash ("Rat" 1 beside "Rat1") end here
    return labels


def token_labels(creatures: Mapping[str, Creature]) -> dict[str, Label]:
    """A label per unit that tells it apart from every other on the board at a glance, in the chosen language."""
    # every board frame asks: the names and the language decide, numbering them again each time cost ~0.1 ms
    lang = current_language()
    # the name as written (it decides the numbering) and as shown: a LocalText equals its English text alone
    key = (lang, tuple((uid, str(c.name), local(c.name, lang)) for uid, c in creatures.items()))
    labels = _by_names.get(key)
    if labels is None:
        if len(_by_names) >= 32:
            _by_names.clear()
        labels = _by_names[key] = _numbered_labels(creatures, lang)
    return labels


_by_names: dict[tuple[str, tuple[tuple[str, str, str], ...]], dict[str, Label]] = {}
"""The labels of the boards seen lately, by language and (id, name) of each unit."""


def _numbered_labels(creatures: Mapping[str, Creature], lang: str) -> dict[str, Label]:
    """`token_labels` worked out: each unit's name in `lang` and the number the log gives it."""
    shown = distinct_names(creatures.values())
    units = []
    for uid in sorted(creatures):
        name = str(local(creatures[uid].name, lang) or uid)
        numbered = str(local(shown[uid], lang))
        number = numbered[len(name) :].strip() if numbered != name and numbered.startswith(name) else ""
        units.append((uid, name, number))
    return _labels(tuple(units))


def fitted(label: Label, px: int, width: float) -> tuple[str, int]:
    """The form of `label` a token shows in `width` pixels of text at about `px` pixels, and its size: the first
    form that fits at `px` or a little smaller, else the narrowest at the smallest of those sizes."""
    fonts = theme.fonts_generation()
    if fonts != _fonts_seen[0]:
        # new fonts: every fitted form and digit table so far is for fonts no longer drawn with; dropped at once
        # rather than held until 1,024 newer forms push them out (a kiosk's memory grew by them for 40 minutes),
        # and the digit tables no longer keep the old fonts alive
        _fitted.cache_clear()
        _widest_digit.cache_clear()
        _fonts_seen[0] = fonts
    return _fitted(label, max(theme.MIN_FONT_PX, px), int(width), is_rtl(), fonts)


_fonts_seen = [-1]
"""The fonts generation the fitted forms were worked out for."""


@lru_cache(maxsize=1024)
def _fitted(label: Label, px: int, width: int, rtl: bool, _fonts: int) -> tuple[str, int]:
    sizes = range(px, max(theme.MIN_FONT_PX, round(px * SHRINK)) - 1, -1)

    def wide(form: str, size: int) -> int:
        # measured with its widest digits: units sharing a name pick the same form ("Kultist1" beside "Kult. 4"
        # reads like two kinds of unit)
        font = theme.font_px(size, bold=True)
        return font.size(theme.visual(form, rtl).translate(_widest_digit(size)))[0]

    for form in label:
        for size in sizes:
            if wide(form, size) <= width:
                return form, size
    # nothing fits: the narrowest form at the smallest size, a little over the plate rather than cut
    return min(label, key=lambda form: wide(form, sizes[-1])), sizes[-1]


@lru_cache(maxsize=64)
def _widest_digit(px: int) -> dict[int, str]:
    """A translation table putting the widest digit of the bold font at `px` pixels for every digit."""
    # keyed by the size, not the font: a cache keyed by font objects kept up to 64 fonts alive after the font
    # cache had let them go, and the font cache then made a second pygame font of the same size (a kiosk's
    # native memory grew by ~100 kB a font as visitors zoomed through the sizes)
    font = theme.font_px(px, bold=True)
    widest = max("0123456789", key=lambda d: font.size(d)[0])
    return str.maketrans(dict.fromkeys("0123456789", widest))
