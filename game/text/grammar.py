"""Names that agree: grammatical gender, German case, Italian articulated prepositions, Hebrew prefixes.

A unit's (or side's) name is inserted into sentences whose words must agree with it: Hebrew verbs and
Italian participles take the name's gender ("קירה נכנסת", "Kyra è pronta"), a German article takes the
case the sentence asks for ("trifft den Prediger", "von dem Moorbiest"), an Italian preposition merges
with the article ("dal bracconiere"), and a Hebrew one-letter prefix joins the word and absorbs its
article (ב + המטיף = במטיף).

A level gives what the language needs beside the name (docs/levels.md): `gender` ("m", "f", "n", or a
table of languages), `article` (the article the name starts with, needed in Hebrew only, where a leading
ה cannot be told from a name that starts with the letter), and `cases` (German forms the rules below
cannot make, like a weak noun's "den Bauern"). German and Italian articles are found in the name itself.

Templates ask for it in two ways (game/text/i18n.py):
- a message table `{ by = "unit", f = "…", other = "…" }` picks the variant of the unit's gender;
- a placeholder with a form, `{other:akk}`, `{other:da}`, `{other:ב}`, asks the name in that case,
  after that preposition, or with that prefix (FORMS lists them per language).

Everything here is pure: text in, text out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.text.local_text import LocalText

GENDERS = ("m", "f", "n")
"""Grammatical genders a level may give; a language without neuter treats "n" as its default."""
DEFAULT_GENDER = "m"
"""The gender of a name the level says nothing about (the unmarked form in German, Italian and Hebrew)."""

GERMAN_CASES = ("nom", "akk", "dat", "gen")
GERMAN_ARTICLES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "m": {"nom": "der", "akk": "den", "dat": "dem", "gen": "des"},
        "f": {"nom": "die", "akk": "die", "dat": "der", "gen": "der"},
        "n": {"nom": "das", "akk": "das", "dat": "dem", "gen": "des"},
    }
)
"""The definite article of each gender in each case."""
GERMAN_GENDER = MappingProxyType({"der": "m", "die": "f", "das": "n"})
GERMAN_PREPOSITIONS: Mapping[str, str] = MappingProxyType(
    {"von": "dat", "bei": "dat", "zu": "dat", "mit": "dat", "an": "dat"}
    | {"gegen": "akk", "für": "akk", "durch": "akk", "auf": "akk"}
)
"""Prepositions a placeholder may ask for (`{other:von}`) and the case each governs here ("an" as in "vorbei an")."""
GERMAN_CONTRACTED = MappingProxyType(
    {("von", "dem"): "vom", ("bei", "dem"): "beim", ("zu", "dem"): "zum", ("zu", "der"): "zur", ("an", "dem"): "am"}
)
"""Preposition and article written as one word: vom Prediger, beim Moorbiest, zur Hexe."""
"""A name's nominative article → its gender ("Das Moorbiest" is neuter)."""

ITALIAN_ARTICLES = ("il", "lo", "la", "l'", "i", "gli", "le")
ITALIAN_GENDER = MappingProxyType({"il": "m", "lo": "m", "i": "m", "gli": "m", "la": "f", "le": "f"})
ITALIAN_MERGED = ("di", "a", "da", "in", "su")
"""Prepositions that merge with the article: da + il = dal, in + la = nella, di + l' = dell'."""
ITALIAN_STEMS = MappingProxyType({"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"})
APOSTROPHE = "'"
ITALIAN_PLAIN = ("con", "per", "tra", "fra")
"""Prepositions written before the article unchanged (con il, per la)."""

HEBREW_PREFIXES = "בלכמשהו"
"""One-letter words written joined to the next word."""
HEBREW_ABSORBING = "בלכ"
"""Prefixes that swallow the article: ב + המטיף = במטיף (but מ + הצייד = מהצייד)."""
MAQAF = "\u05be"

FORMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "de": (*GERMAN_CASES, *GERMAN_PREPOSITIONS),
        "it": ("nom", *ITALIAN_MERGED, *ITALIAN_PLAIN),
        "he": (),  # any string of HEBREW_PREFIXES letters
        "en": ("nom",),
    }
)
"""The forms a placeholder may ask for in each language: `{other:dat}`, `{other:da}`, `{other:ב}`."""


def valid_form(spec: str, lang: str) -> bool:
    """Whether `{name:spec}` is a form `lang` knows (a case, a preposition, a Hebrew prefix)."""
    if lang == "he":
        return bool(spec) and all(c in HEBREW_PREFIXES for c in spec)
    return spec in FORMS.get(lang, ())


@dataclass(frozen=True, slots=True)
class Grammar:
    """What one language needs to know of one name: its gender, the article it starts with, fixed case forms."""

    gender: str | None = None
    """"m", "f", "n", or None: the level left it out (the article decides, else DEFAULT_GENDER)."""
    article: str | None = None
    """The article the name starts with ("ה" in Hebrew); None: find it in the name (German, Italian)."""
    cases: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Forms given whole by the level (German `akk`, `dat`, `gen`), used as they are."""
    fixed: bool = False
    """The gender was given for this language (a table): it beats the article (a plain string yields to it)."""

    def __post_init__(self) -> None:
        # read-only whatever the caller passed (a level's table, or a dict when unpickled)
        object.__setattr__(self, "cases", MappingProxyType(dict(self.cases)))

    def __reduce__(self) -> tuple[Any, ...]:
        # a mappingproxy cannot be pickled: levels go to simulate's worker processes
        return (Grammar, (self.gender, self.article, dict(self.cases), self.fixed))


NO_GRAMMAR = Grammar()


# --- finding the article -------------------------------------------------------------------------


def german_article(text: str) -> tuple[int, int, str] | None:
    """The first definite article of a German name: (start, end, lower-case article), or None.

    It may open the name ("Der Prediger") or follow a proper name ("Greta die Kräuterfrau"); either way
    the sentence's case declines it ("von Greta der Kräuterfrau").
    """
    for match in re.finditer(r"\S+", text):
        word = match.group().lower()
        if word in GERMAN_GENDER:
            return match.start(), match.end(), word
        if word.startswith("("):
            break  # a role in brackets ("Bruna (Kämpferin)") is no apposition
    return None


def italian_article(text: str) -> tuple[str, str] | None:
    """The article an Italian name opens with and the rest: ("il", "bracconiere"), ("l'", "ogre"), or None."""
    low = text.lower()
    if low.startswith(("l'", "l’")):
        return "l'", text[2:]
    word, _, rest = text.partition(" ")
    if rest and word.lower() in ITALIAN_ARTICLES:
        return word.lower(), rest
    return None


def gender_of(text: str, lang: str, grammar: Grammar = NO_GRAMMAR) -> str:
    """The grammatical gender of `text` in `lang`: the level's word, else its article's, else DEFAULT_GENDER."""
    if grammar.gender in GENDERS and grammar.fixed:
        return grammar.gender
    if lang == "de":
        found = german_article(text)
        if found:
            return GERMAN_GENDER[found[2]]
    elif lang == "it":
        opened = italian_article(text)
        if opened and opened[0] in ITALIAN_GENDER:
            return ITALIAN_GENDER[opened[0]]
    if grammar.gender in GENDERS:
        return grammar.gender
    return DEFAULT_GENDER


# --- forms ------------------------------------------------------------------------------------------


def german_form(text: str, case: str, grammar: Grammar = NO_GRAMMAR) -> str:
    """`text` in the German `case`: its article declined and in lower case ("dem Moorbiest", "Greta der Hexe")."""
    if case in grammar.cases:
        return grammar.cases[case]
    found = german_article(text)
    if not found:
        return text
    start, end, article = found
    gender = grammar.gender if grammar.gender in GENDERS and grammar.fixed else GERMAN_GENDER[article]
    return text[:start] + GERMAN_ARTICLES[gender][case] + text[end:]


def german_phrase(text: str, preposition: str, grammar: Grammar = NO_GRAMMAR) -> str:
    """`text` after a German `preposition` in the case it governs, contracted where German contracts
    ("vom Moorbiest", "von Greta der Kräuterfrau", "an Kyra")."""
    declined = german_form(text, GERMAN_PREPOSITIONS[preposition], grammar)
    article, _, rest = declined.partition(" ")
    if rest and (preposition, article) in GERMAN_CONTRACTED and german_article(text) == (0, len(article), _nom(text)):
        return f"{GERMAN_CONTRACTED[preposition, article]} {rest}"
    return f"{preposition} {declined}"


def _nom(text: str) -> str:
    """The lower-case first word of a name (its article when it opens with one)."""
    return text.partition(" ")[0].lower()


def _italian_merged(preposition: str, article: str) -> str:
    """da + il = dal, di + lo = dello, in + l' = nell', su + gli = sugli."""
    stem = ITALIAN_STEMS[preposition]
    # il → del, i → dei, gli → degli, l' → dell', lo → dello, la → dalla, le → nelle
    return stem + {"il": "l", "i": "i", "gli": "gli", "l'": "ll'"}.get(article, "l" + article)


def italian_form(text: str, preposition: str) -> str:
    """`text` after `preposition` ("nom": in running text), the article merged where Italian merges it."""
    opened = italian_article(text)
    if preposition == "nom":
        return text if not opened else (opened[0] + ("" if opened[0] == "l'" else " ") + opened[1])
    if not opened:
        if preposition == "a" and text[:1].lower() == "a":
            return f"ad {text}"  # "ad Anna"
        return f"{preposition} {text}"
    article, rest = opened
    if preposition in ITALIAN_PLAIN:
        return f"{preposition} {article}{'' if article.endswith(APOSTROPHE) else ' '}{rest}"
    merged = _italian_merged(preposition, article)
    return f"{merged}{'' if merged.endswith(APOSTROPHE) else ' '}{rest}"


def hebrew_form(text: str, prefixes: str, grammar: Grammar = NO_GRAMMAR) -> str:
    """`text` with the one-letter words `prefixes` joined to it: ב + המטיף = במטיף, מ + הצייד = מהצייד.

    Before a word in Latin letters or a number the prefix takes a maqaf (ב־Valeros, ב־2).
    """
    if not prefixes:
        return text
    body = text.lstrip("\u200e\u200f")
    first = body[:1]
    if not ("\u0590" <= first <= "\u05ff"):
        return f"{prefixes}{MAQAF}{text}"
    definite = grammar.article == "ה" and body.startswith("ה")
    if definite and prefixes[-1] in HEBREW_ABSORBING:
        return prefixes + body[1:]
    return prefixes + body


# --- a name in one language -------------------------------------------------------------------------


class Phrase(str):
    """A name in one language that knows its gender and how to inflect: `format(phrase, "dat")`.

    A str, so every place that showed the name still does; `{unit:akk}` in a template calls __format__.
    """

    lang: str
    grammar: Grammar
    suffix: str

    def __new__(cls, text: str, lang: str, grammar: Grammar = NO_GRAMMAR, suffix: str = "") -> Phrase:
        """`text` in `lang` with its `grammar`; `suffix` (a bidi mark) follows every form of it."""
        obj = super().__new__(cls, text + suffix)
        obj.lang, obj.grammar, obj.suffix = lang, grammar, suffix
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.bare, self.lang, self.grammar, self.suffix))

    @property
    def bare(self) -> str:
        """The text without its bidi mark."""
        text = str.__str__(self)
        return text[: len(text) - len(self.suffix)] if self.suffix else text

    @property
    def gender(self) -> str:
        """The grammatical gender a template selects by."""
        return gender_of(self.bare, self.lang, self.grammar)

    def marked(self, suffix: str) -> Phrase:
        """The same phrase followed by `suffix` (Hebrew: an RLM after a Latin name)."""
        return Phrase(self.bare, self.lang, self.grammar, suffix)

    def form(self, spec: str) -> str:
        """The name as `spec` asks: a German case, an Italian preposition, Hebrew prefixes; "" as written."""
        if not spec:
            return str.__str__(self)
        text = self.bare
        if self.lang == "de" and spec in GERMAN_CASES:
            text = german_form(text, spec, self.grammar)
        elif self.lang == "de" and spec in GERMAN_PREPOSITIONS:
            text = german_phrase(text, spec, self.grammar)
        elif self.lang == "it" and spec in FORMS["it"]:
            text = italian_form(text, spec)
        elif self.lang == "he" and valid_form(spec, "he"):
            text = hebrew_form(text, spec, self.grammar)
        elif spec == "nom" and self.lang == "en" and text.startswith("The "):
            text = "the " + text[4:]
        return text + self.suffix

    def __format__(self, spec: str) -> str:
        return self.form(spec)


class NameList(str):
    """Several names in one place ("bound to Kyra, the Preacher"): each takes the form asked for."""

    phrases: tuple[Phrase, ...]

    def __new__(cls, phrases: tuple[Phrase, ...]) -> NameList:
        """The names joined with commas; `form(spec)` joins each name's form."""
        obj = super().__new__(cls, ", ".join(phrases))
        obj.phrases = phrases
        return obj

    def form(self, spec: str) -> str:
        """Each name in the form `spec` asks for, comma-separated."""
        return ", ".join(p.form(spec) for p in self.phrases)

    def __format__(self, spec: str) -> str:
        return self.form(spec)


class Noun(LocalText):
    """A LocalText with the grammar of each language: what a level's unit or side name becomes."""

    grammar: Mapping[str, Grammar]

    def __new__(cls, translations: Mapping[str, str], grammar: Mapping[str, Grammar] | None = None) -> Noun:
        """The name in each language (`translations`) with each language's Grammar (missing: none given)."""
        obj = super().__new__(cls, translations)
        obj.grammar = MappingProxyType(dict(grammar or {}))
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (Noun, (dict(self.translations), dict(self.grammar)))

    def in_language(self, lang: str) -> str:
        """The name in `lang` (else English) as a Phrase that knows its gender and forms."""
        return Phrase(super().in_language(lang), lang, self.grammar.get(lang, NO_GRAMMAR))

    def numbered(self, n: int) -> Noun:
        """The name with its number in every language ("Kultist 2"), fixed case forms numbered too."""
        grammar = {
            lang: Grammar(g.gender, g.article, MappingProxyType({c: f"{f} {n}" for c, f in g.cases.items()}), g.fixed)
            for lang, g in self.grammar.items()
        }
        return Noun({lang: f"{text} {n}" for lang, text in self.translations.items()}, grammar)


def phrase(value: Any, lang: str) -> Phrase:
    """Any name (Noun, LocalText, str, Phrase) as a Phrase in `lang`."""
    if isinstance(value, Phrase):
        return value
    if isinstance(value, Noun):
        shown = value.in_language(lang)
        assert isinstance(shown, Phrase)
        return shown
    if isinstance(value, LocalText):
        return Phrase(value.in_language(lang), lang)
    return Phrase(str(value), lang)


def gender(value: Any, lang: str) -> str | None:
    """The gender of a name parameter (None for a value that is no name: a number, a square)."""
    if isinstance(value, NameList):
        return value.phrases[0].gender if len(value.phrases) == 1 else None
    if isinstance(value, (Phrase, LocalText)) or type(value) is str:
        return phrase(value, lang).gender
    if isinstance(value, tuple) and len(value) == 1 and isinstance(value[0], str):
        return phrase(value[0], lang).gender
    return None


def names(values: Any, lang: str) -> NameList:
    """A tuple or list of names as one NameList in `lang`."""
    return NameList(tuple(phrase(v, lang) for v in values))


# --- level keys -----------------------------------------------------------------------------------


def grammar_from_level(
    gender: str | Mapping[str, str] | None,
    article: Mapping[str, str] | None,
    cases: Mapping[str, Mapping[str, str]] | None,
    languages: tuple[str, ...],
) -> dict[str, Grammar]:
    """The per-language Grammar from a level's `gender`, `article` and `cases` keys (already checked)."""
    out: dict[str, Grammar] = {}
    for lang in languages:
        g = gender if isinstance(gender, str) else (gender or {}).get(lang)
        explicit = isinstance(gender, Mapping) and lang in gender
        art = (article or {}).get(lang)
        forms = MappingProxyType(dict((cases or {}).get(lang, {})))
        if g is None and art is None and not forms:
            continue
        # a table's gender is grammatical and beats the article; a plain string yields to the article
        out[lang] = Grammar(g, art, forms, explicit)
    return out


def grammar_to_level(name: Any) -> dict[str, Any]:
    """The level keys that give `name`'s grammar back (for saving a level), or {} when it has none."""
    if not isinstance(name, Noun) or not name.grammar:
        return {}
    out: dict[str, Any] = {}
    genders = {lang: g.gender for lang, g in name.grammar.items() if g.gender}
    plain = {g.gender for g in name.grammar.values() if g.gender and not g.fixed}
    if len(plain) == 1 and not any(g.fixed for g in name.grammar.values()):
        out["gender"] = plain.pop()
    elif genders:
        out["gender"] = genders
    articles = {lang: g.article for lang, g in name.grammar.items() if g.article}
    if articles:
        out["article"] = articles
    cases = {lang: dict(g.cases) for lang, g in name.grammar.items() if g.cases}
    if cases:
        out["cases"] = cases
    return out
