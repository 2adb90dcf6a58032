"""Message catalogues: every user-facing string of the game in English, German, Italian and Hebrew.

One TOML file per language in `assets/i18n/<lang>.toml`; nested tables are flattened to dotted
keys ("menu.title"). Strings use `{name}` placeholders filled by `t(key, **params)`. A key a
language lacks falls back to English; a key English lacks shows as `⟦key⟧` so it is seen.
Rule titles and summaries come from the rule catalogue (`game.text.catalog`), not from here.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game import context
from game.paths import I18N_DIR
from game.storage import toml_cache
from game.text import grammar
from game.text.local_text import local
from game.text.numerals import fixed, number, plural_category

LANGUAGES: tuple[str, ...] = ("en", "de", "it", "he")
"""Languages with a message catalogue; the first one is the fallback."""
FALLBACK = LANGUAGES[0]
RTL_LANGUAGES = frozenset({"he"})
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "it": "Italiano", "he": "עברית"}
"""Each language in its own words (for the language button)."""

# the patterns below are compiled at their first use, not on every start


@cache
def _placeholder() -> re.Pattern[str]:
    """A `{name}` placeholder of a template, or `{name:form}` asking a name in a case or after a preposition."""
    return re.compile(r"{(\w+)(?::([^{}:]*))?}")


@lru_cache(maxsize=2048)
def _has_forms(template: str) -> bool:
    """Whether a template asks a name in some form (`{other:dat}`): it is then filled name by name."""
    return any(form for _, form in _placeholder().findall(template))


@cache
def _damage() -> re.Pattern[str]:
    """The damage part of a hit event's detail (rules/combat.py)."""
    return re.compile(r"(\d+) damage, hp (-?\d+)")


_CONTEXT = context.current()
"""The game's context (game/context.py), kept: every message asks it for the language."""


class _Params(dict):
    """Format parameters that leave an unknown `{name}` visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _flatten(table: Mapping[str, Any], prefix: str, path: Path, out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, f"{full}.", path, out)
        elif isinstance(value, str):
            out[full] = value
        else:
            raise ValueError(f"{path}: {full} must be a string or a table")


def _flat_loads(text: str) -> dict[str, Any]:
    """game.text.flat_toml.loads(text), imported only when a catalogue is not in the cache (its patterns: start-
    up time)."""
    from game.text import flat_toml

    return flat_toml.loads(text)


@cache
def load_messages(lang: str) -> Mapping[str, str]:
    """The flattened catalogue of `lang`, read once; ValueError for an unknown language or a bad file."""
    if lang not in LANGUAGES:
        raise ValueError(f"no message catalogue for language {lang!r} (known: {', '.join(LANGUAGES)})")
    path = I18N_DIR / f"{lang}.toml"
    try:
        # tomllib's result, about 5 times sooner; parsed on an earlier start: read back (game/storage/toml_cache.py)
        data = toml_cache.loads(path.read_text(encoding="utf-8"), _flat_loads, "flat")
    except toml_cache.toml().TOMLDecodeError as exc:
        raise ValueError(f"{path}: TOML syntax error: {exc}") from None
    out: dict[str, str] = {}
    _flatten(data, "", path, out)
    return MappingProxyType(out)


def normalize(lang: str | None) -> str | None:
    """A locale or language name ("de_DE.UTF-8", "DE", "he-IL") → a known language code, else None."""
    if not lang:
        return None
    code = lang.strip()
    cut = [i for i in map(code.find, "_.@:-") if i >= 0]  # re.split(r"[_.@:-]", code, maxsplit=1)[0], unpatterned
    code = (code[: min(cut)] if cut else code).lower()
    if code == "iw":  # the old code of Hebrew, still used by some systems
        code = "he"
    return code if code in LANGUAGES else None


def detect_language(env: Mapping[str, str] | None = None) -> str:
    """The language of the system locale (LC_ALL, then LC_MESSAGES, then LANG), falling back to English."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            # the first variable that is set decides, as POSIX locale lookup does
            return normalize(value) or FALLBACK
    return FALLBACK


def set_language(lang: str | None) -> str:
    """Make `lang` the language of all messages (None: the system locale); returns the language now in use."""
    if lang is None:
        code = detect_language()
    else:
        code = normalize(lang)
        if code is None:
            raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    context.set_language(code)
    return code


def current_language() -> str:
    """The language messages are shown in (the system locale until set_language is called)."""
    code = _CONTEXT.language
    if code is None:
        code = detect_language()
        context.set_language(code)  # detected once: the locale is read at the first message, not every one
    return code


def next_language(lang: str | None = None) -> str:
    """The language after `lang` (default: the current one) in LANGUAGES order, wrapping round."""
    lang = lang or current_language()
    return LANGUAGES[(LANGUAGES.index(lang) + 1) % len(LANGUAGES)] if lang in LANGUAGES else FALLBACK


def is_rtl(lang: str | None = None) -> bool:
    """Whether `lang` (default: the current language) is written right to left."""
    return (lang or current_language()) in RTL_LANGUAGES


def _messages(lang: str) -> Mapping[str, str]:
    """The catalogue of `lang`, or an empty one when it cannot be read (t() then falls back)."""
    try:
        return load_messages(lang)
    except (OSError, ValueError):
        return {}


def _variant(key: str, messages: Mapping[str, str], lang: str, params: Mapping[str, object]) -> str | None:
    """The template `key` of one catalogue: a plain string, or the variant a table's `by` asks for.

    `by` names a parameter. A count selects by the language's plural rule ("one", "few", "other" …);
    a name selects by its grammatical gender ("m", "f", "n"). A variant may itself be a table (gender,
    then number); a variant the table lacks falls back to `other`.
    """
    plain = messages.get(key)
    if plain is not None:
        return plain
    by = messages.get(f"{key}.by")
    if by is None:
        return None
    value = params.get(by)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        choice: str | None = plural_category(value, lang)
    else:
        choice = grammar.gender(value, lang)
    for variant in (choice, "other"):
        if variant:
            found = _variant(f"{key}.{variant}", messages, lang, params)
            if found is not None:
                return found
    return None


def _select(key: str, lang: str, params: Mapping[str, object]) -> str | None:
    """The template of `key` for these `params` in `lang`, else in English (a table of the language wins
    over English's plain string)."""
    for candidate in dict.fromkeys((lang, FALLBACK)):
        found = _variant(key, _messages(candidate), lang, params)
        if found is not None:
            return found
    return None


def variants(key: str, lang: str) -> dict[str, str]:
    """Every template of message `key` in `lang` by its variant path ("" for a plain one, "f", "f.one" …)."""
    messages = _messages(lang)
    if key in messages:
        return {"": messages[key]}
    prefix = f"{key}."
    return {k[len(prefix) :]: v for k, v in messages.items() if k.startswith(prefix) and not k.endswith(".by")}


def message_ids(lang: str) -> set[str]:
    """The messages of `lang`: plain keys and tables (`by` …) each counted once, by the table's key."""
    messages = _messages(lang)
    tables = {k[: -len(".by")] for k in messages if k.endswith(".by")}
    ids: set[str] = set()
    for key in messages:
        owner = next((tb for tb in tables if key.startswith(tb + ".")), None)
        ids.add(owner if owner is not None else key)
    # a nested table (`x.f.by`) belongs to its outer table `x`
    return {k for k in ids if not any(k != tb and k.startswith(tb + ".") for tb in tables)}


class _Formatter(string.Formatter):
    """Fills a template whose placeholders ask names in a form; an unknown `{name}` stays visible."""

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return _Unfilled(key)
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, grammar.Phrase | grammar.NameList | _Unfilled):
            return value.form(format_spec)
        return super().format_field(value, format_spec)


class _Unfilled(str):
    """A placeholder no parameter fills, shown as written."""

    def form(self, spec: str) -> str:
        return "{" + self + (":" + spec if spec else "") + "}"


def t(key: str, lang: str | None = None, /, **params: object) -> str:
    """The message `key` in `lang` (default: the current language) with its placeholders filled.

    Float parameters are written as the language writes numbers ("1,5" in German); a plural
    message picks its variant by the language's plural rules (game.text.numerals).
    """
    lang = lang or current_language()
    template = _select(key, lang, params)
    if template is None:
        return f"⟦{key}⟧"
    if not params and "{" not in template:
        return template
    shown = {k: _shown(v, lang) for k, v in params.items()}
    if not _has_forms(template):
        return template.format_map(_Params(shown))
    # a name asked in a form (`{other:dat}`): every text parameter becomes a Phrase that can inflect
    named = {k: grammar.phrase(v, lang) if isinstance(v, str) and not isinstance(v, grammar.NameList) else v
             for k, v in shown.items()}  # fmt: skip
    return _formatter().vformat(template, (), named)


def _shown(value: object, lang: str) -> object:
    """A parameter as the language writes it: a float in its number format, a name in the language (a Noun as a
    Phrase that inflects), a tuple of names as a NameList."""
    if isinstance(value, float):
        return number(value, lang)
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, str) for v in value):
        return grammar.names(value, lang)
    return local(value, lang)


@cache
def _formatter() -> _Formatter:
    return _Formatter()


def has_message(key: str, lang: str | None = None) -> bool:
    """Whether `key` is a message (plain or a table) of `lang` or of English (what t() would find)."""
    lang = lang or current_language()
    return any(key in m or f"{key}.by" in m for m in map(_messages, dict.fromkeys((lang, FALLBACK))))


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders of a template (with or without a form)."""
    return {name for name, _ in _placeholder().findall(template)}


# --- game words -----------------------------------------------------------------------------


def size_name(label: str, ruleset: str | None = None, lang: str | None = None) -> str:
    """A size label ("tiny") in `lang`, in the words of `ruleset`'s books where they differ.

    The rule books name sizes differently (German PF1 Tiny is "Sehr klein", German 5e Tiny is
    "Winzig"), so a catalogue may hold `size.<ruleset>.<label>` beside the shared `size.<label>`.
    The per-ruleset name is looked up in `lang` only: an English one must not override a translation.
    """
    lang = lang or current_language()
    if ruleset:
        try:
            special = load_messages(lang).get(f"size.{ruleset}.{label}")
        except (OSError, ValueError):
            special = None
        if special:
            return special
    name = t(f"size.{label}", lang)
    return label if name.startswith("⟦") else name


def action_name(kind: str, lang: str | None = None) -> str:
    """An action kind ("drop_prone") as a short label in `lang`; a kind no button shows ("measure", a command
    a refusal may name) from `action_words`."""
    for table in ("action", "action_words"):
        label = t(f"{table}.{kind}", lang)
        if not label.startswith("⟦"):
            return label
    return kind.replace("_", " ")


# --- refusals: the rules' reason key and values, written out (rules.core.Illegal) ---------------------
# The rules give each refusal an English `message` (the JSON keeps it) and a `reason` naming the
# template `reason.<reason>` with its `params`. The values are written the way the language writes
# them: metres (floats) in its number format, squares as [x, y], unit and side ids as the names
# players see, action kinds, movement modes, bands, sizes and tactics in the language's words. A
# refusal whose template no catalogue has shows the rule's title (or, in English, the message).

RULESETS = {"d5": "dnd5e", "hx": "hexxen", "pf1": "pf1"}
"""A reason key's first part → the ruleset whose size words it uses."""


@cache
def _latin() -> re.Pattern[str]:
    """A Latin letter (a Hebrew line with one needs a right-to-left mark at its end)."""
    return re.compile(r"[A-Za-z]")


RLM = "\u200f"
WORDS = {"mode": "mode", "tactic": "tactic", "band": "band"}
"""Parameters whose value is a word of a catalogue table (`mode.fly`), not a name."""


def _ruleset(reason: str) -> str | None:
    return RULESETS.get(reason.split(".", 1)[0])


def _isolated(text: str, lang: str) -> str:
    """In Hebrew a Latin name ends with an RLM, so the words and numbers after it keep the sentence's order.

    A name keeps its grammar (gender, forms): the mark follows every form of it."""
    if not (lang == "he" and _latin().search(text)):
        return text
    return text.marked(RLM) if isinstance(text, grammar.Phrase) else text + RLM


def _value(key: str, value: Any, lang: str, names: Mapping[str, Any], ruleset: str | None) -> Any:
    """One refusal value as the language shows it (floats stay floats: t() writes them)."""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return square_text(value, lang)
    if isinstance(value, tuple):
        return ", ".join(_isolated(local(names.get(v, v), lang), lang) for v in value)
    if not isinstance(value, str):
        return value
    if key == "action":
        return action_name(value, lang)
    if key == "size":
        return size_name(value, ruleset, lang)
    if key in WORDS:
        word = t(f"{WORDS[key]}.{value}", lang)
        return value if word.startswith("⟦") else word
    return _isolated(grammar.phrase(names.get(value, value), lang), lang)


def reason_text(result: Any, lang: str | None = None, names: Mapping[str, Any] | None = None) -> str | None:
    """The refusal's reason in `lang` with its values, or None when no catalogue has its template."""
    lang = lang or current_language()
    reason = getattr(result, "reason", "")
    if not reason or not has_message(f"reason.{reason}", lang):
        return None
    named = names or {}
    ruleset = _ruleset(reason)
    shown = {k: _value(k, v, lang, named, ruleset) for k, v in getattr(result, "params", ())}
    return t(f"reason.{reason}", lang, **shown)


def local_fixed(value: float, decimals: int = 1, width: int = 0, signed: bool = False) -> str:
    """A number as the current language writes it in a text table ("100,0" in German; game.text.numerals.fixed)."""
    return fixed(value, current_language(), decimals, width, signed)


def local_general(value: float) -> str:
    """A setting's number with the decimals it was given (Python's `:g`), as the current language writes it
    ("0,025" in German): an error rate or an Elo bound is shown as typed, never rounded."""
    text = f"{value:g}"
    if "e" in text or "inf" in text or "nan" in text:
        return text
    decimals = len(text.partition(".")[2])
    return number(value, current_language(), decimals)


def refusal(result: Any, lang: str | None = None, names: Mapping[str, Any] | None = None) -> str:
    """Why `result` (an Illegal) was refused, with its rule id: "<reason> [RULE-ID]" in `lang`.

    `names` maps unit and side ids to the names players see (LocalText welcome).
    """
    lang = lang or current_language()
    text = reason_text(result, lang, names)
    if text is None:
        # no template: the rules' own English, or in another language the rule's catalogue title
        from game.text.catalog import rule_text  # the rule catalogue waits for its first title (start-up time)

        text = result.message if lang == FALLBACK else rule_text(result.rule, lang).title
    return t("refusal", lang, reason=text, rule=result.rule)


def rule_titles(rules: tuple[str, ...] | list[str], lang: str | None = None) -> str:
    """Rule ids with their catalogue titles in `lang`: "PF1-DIAGONAL (Diagonal movement), …"."""
    from game.text.catalog import rule_text  # not before a title is shown (start-up time)

    return ", ".join(t("log.rule", lang, rule=r, title=rule_text(r, lang or current_language()).title) for r in rules)


def describe_event(event: Any, lang: str | None = None, names: Mapping[str, Any] | None = None) -> str:
    """One rules Event (provokes, squeeze, bind …) as a sentence in `lang`; `names` maps unit ids to display names."""
    lang = lang or current_language()
    kind = getattr(event, "kind", "")
    named = names or {}
    unit, other = getattr(event, "unit", None) or "", getattr(event, "by", None) or ""
    params = {
        "unit": _isolated(grammar.phrase(named.get(unit, unit), lang), lang),
        "other": _isolated(grammar.phrase(named.get(other, other), lang), lang),
        "at": square_text(getattr(event, "at", None), lang),
    }
    text = t(f"event.{kind}", lang, **params)
    if text.startswith("⟦"):
        text = t("event.other", lang, kind=kind.replace("_", " "), **params)
    detail = getattr(event, "detail", "") or ""
    if detail and lang == FALLBACK:
        text += f" ({detail})"  # the rules write details (dice, penalties) in English
    elif detail:
        shown = detail_text(detail, lang)
        if shown:
            # a right-to-left mark keeps the bracket with the Hebrew sentence, not with a Latin unit name before it
            mark = "\u200f" if is_rtl(lang) else ""
            text += f"{mark} ({shown})"
    return re.sub(" +", " ", text).strip()


@cache
def _roll() -> re.Pattern[str]:
    """The attack roll of a hit or miss event's detail (rules/combat.py): "d20 15 of [15, 3] + 3 = 18 vs 14"."""
    return re.compile(r"d20 (\d+)(?: of (\[[\d, ]+\]))? \+ (-?\d+) = (-?\d+) vs (-?\d+)")


PENALTIES = {"-4 attack, -4 AC": "squeezed", "no attacks, -4 AC, no Dex": "escape_artist"}
"""Fixed penalty details of the rules (rules/pf1) → `event_detail.<key>`."""


def detail_text(detail: str, lang: str) -> str:
    """The parts of an event's English detail a player needs, in `lang`: the roll, damage and hit points left,
    the squeezing penalties; "" when none is known (other details are notes for the English log)."""
    parts: list[str] = []
    roll = _roll().search(detail)
    if roll:
        natural, rolls, bonus, total, defense = roll.groups()
        die = t("event_detail.d20_of" if rolls else "event_detail.d20", lang, natural=natural, rolls=rolls or "")
        parts.append(t("event_detail.roll", lang, die=die, bonus=bonus, total=total, defense=defense))
    hit = _damage().search(detail)
    if hit:
        parts.append(t("event.damage", lang, damage=hit.group(1), hp=hit.group(2)))
    if detail in PENALTIES:
        parts.append(t(f"event_detail.{PENALTIES[detail]}", lang))
    return "; ".join(parts)


def describe(entry: Any, lang: str | None = None, names: Mapping[str, str] | None = None) -> str:
    """A match LogEntry as a line in `lang`, from its structured fields (never from its English text).

    `names` maps unit ids to display names (the window shows names; commands keep ids).
    """
    lang = lang or current_language()
    named = names or {}
    uid = getattr(entry, "unit", None) or ""
    unit = named.get(uid, uid)
    kind = getattr(entry, "kind", "") or ""
    events = tuple(getattr(entry, "events", ()) or ())
    if not getattr(entry, "ok", True):
        refused = getattr(entry, "refusal", None)
        if refused is not None:
            why = refusal(refused, lang, named)
            return " ".join(t("refused.log", lang, unit=unit, action=action_name(kind, lang), reason=why).split())
        return " ".join(t("log.refused", lang, unit=unit, action=action_name(kind, lang)).split())
    if len(events) == 1 and events[0].kind == kind and (events[0].unit or "") == uid:
        return describe_event(events[0], lang, names)  # the line of one event that followed an action
    if kind == "end_turn":
        return t("log.end_turn", lang)
    # a sentence ("Kyra moves"), or for a kind the catalogue has none for, the unit and the action's name
    key = f"log_sentence.{kind}"
    sentence = t(key, lang, unit=unit) if has_message(key, lang) else None
    door = getattr(entry, "door", None)
    if door is not None:
        sentence = describe_door(unit, door, lang)
    # optional structured details (newer LogEntry fields); absent ones are simply left out
    to, target, cost = getattr(entry, "to", None), getattr(entry, "target", None), getattr(entry, "cost_m", None)
    aimed = f"log_targeted.{kind}"
    if target and to is None and door is None and has_message(aimed, lang):
        # the target in the sentence itself: "Cutter attacks Valeros", never "Cutter attacks at Valeros"
        sentence, target = t(aimed, lang, unit=unit, target=named.get(target, target)), None
    parts = [sentence or t("log.action", lang, unit=unit, action=action_name(kind, lang))]
    if to is not None:
        parts.append(t("log.to", lang, square=square_text(to, lang)))
    if target:
        parts.append(t("log.on", lang, target=named.get(target, target)))
    if cost:
        parts.append(t("log.cost", lang, metres=float(cost)))
    return " ".join(" ".join(parts).split())


def describe_door(unit: str, door: Any, lang: str | None = None) -> str:
    """An interact as a sentence naming the door and whether it opened or closed ("Harsk opens the door at [4, 5]")."""
    which = ("opens" if door.opened else "closes") + ("_between" if door.to is not None else "")
    return t(f"door_log.{which}", lang, unit=unit, at=square_text(door.at, lang), to=square_text(door.to, lang))


LRE, PDF = "\u202a", "\u202c"
"""Left-to-right embedding and its end: python-bidi 0.6 knows embeddings, not isolates (U+2066)."""


def square_text(sq: object, lang: str | None = None) -> str:
    """A square as "[x, y]" in every language ("10,11" would read as a decimal in German and Italian); in Hebrew
    embedded left to right and closed by an RLM, so a right-to-left line shows [4, 6], not [6 ,4], and the number
    after it keeps its place."""
    if not (isinstance(sq, (tuple, list)) and len(sq) == 2):
        return ""
    text = f"[{sq[0]}, {sq[1]}]"
    return f"{LRE}{text}{PDF}{RLM}" if (lang or current_language()) == "he" else text
