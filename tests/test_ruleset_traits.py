"""Each ruleset owns its unit data: a core Creature plus the traits record the ruleset declares beside its unit
keys (rules/traits.py); a new ruleset's units load, save and fingerprint without an edit of a shared file."""

from __future__ import annotations

import dataclasses
import re
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.levels.level as level_module
import rules.ruleset as registry
from game.levels.level import LevelError, level_to_toml, parse_level
from game.levels.level_fingerprint import play_fingerprint
from game.levels.level_units import unit_to_dict
from rules import dnd5e, hexxen, pf1
from rules.core import Creature
from rules.opportunity import reactions_left
from rules.pf1.traits import COMBAT_REFLEXES_REACTIONS, Pf1Traits
from rules.ruleset import RULESETS, get_ruleset
from rules.traits import KINDS, REACTIONS_PER_ROUND, Traits, trait, trait_fields, trait_keys, traits_of
from rules.unit_keys import COMBAT_KEYS, MOVER_KEYS
from tests.test_level import BASE, variant

ROOT = Path(__file__).resolve().parent.parent


# --- every ruleset's data is its own -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", RULESETS)
def test_each_rulesets_traits_are_declared_beside_its_unit_keys(name: str) -> None:
    """The record lives in rules/<name>/traits.py, and the ruleset's own unit keys are exactly its fields."""
    ruleset = get_ruleset(name)
    assert ruleset.TRAITS.__module__ == f"rules.{name}.traits"
    assert issubclass(ruleset.TRAITS, Traits) and dataclasses.is_dataclass(ruleset.TRAITS)
    own = tuple(k for k in ruleset.UNIT_KEYS if k not in COMBAT_KEYS + MOVER_KEYS)
    assert own == trait_keys(ruleset.TRAITS)
    assert set(ruleset.KEY_CHOICES) <= set(ruleset.UNIT_KEYS)
    assert all(one.kind in KINDS for one in trait_fields(ruleset.TRAITS))


def test_the_core_creature_holds_no_rulesets_own_field() -> None:
    """No trait of any ruleset is a Creature field: the union is gone, and it cannot creep back unseen."""
    core = {f.name for f in dataclasses.fields(Creature)}
    for name in RULESETS:
        assert not core & {one.name for one in trait_fields(get_ruleset(name).TRAITS)}, name
    assert len(core) < 48


def test_each_ruleset_reads_its_own_record_and_another_rulesets_unit_reads_as_the_defaults() -> None:
    elf = Creature("e", "pc", (0, 0), traits=Pf1Traits(race="elf", armor="heavy"))
    assert pf1.traits(elf).race == "elf" and pf1.traits(elf).armor == "heavy"
    assert hexxen.traits(elf) == hexxen.TRAITS()  # a pf1 unit has hexxen's defaults: a hunter, not mounted
    plain = Creature("p", "pc", (0, 0))
    assert pf1.traits(plain) == Pf1Traits() and traits_of(plain, dnd5e.TRAITS) == dnd5e.TRAITS()


def test_gb_aoo_reactions_per_round_come_from_the_units_record() -> None:
    """GB-AOO: one attack of opportunity a round; a pf1 unit with Combat Reflexes takes three (the record says)."""
    plain = Creature("p", "pc", (0, 0))
    reflexes = Creature("r", "pc", (0, 0), traits=Pf1Traits(combat_reflexes=True))
    assert reactions_left(plain, 1) == REACTIONS_PER_ROUND == 1
    assert reactions_left(reflexes, 1) == COMBAT_REFLEXES_REACTIONS == 3
    spent = reflexes.evolve(reaction_round=2, reactions_used=2)
    assert reactions_left(spent, 2) == 1 and reactions_left(spent, 3) == 3


def test_a_trait_must_be_declared_with_a_known_kind() -> None:
    with pytest.raises(ValueError, match="unknown trait kind"):
        trait(0, "colour")

    @dataclass(frozen=True, slots=True)
    class Loose(Traits):
        bare: int = 0

    with pytest.raises(TypeError, match="trait"):
        trait_fields(Loose)


# --- a toy ruleset, defined here: no shared file knows it ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToyTraits(Traits):
    """A toy ruleset's own unit data: one field of every kind."""

    clan: str = trait("none", "text")
    stout: bool = trait(False, "flag")
    wounds: int = trait(0, "integer", minimum=0)
    charms: tuple[str, ...] = trait((), "strings")
    boosts: tuple[tuple[str, float], ...] = trait((), "metres_by_type", key="boost")

    def reactions_per_round(self) -> int:
        """A stout toy takes two attacks of opportunity a round."""
        return 2 if self.stout else 1


def _toy_module() -> types.ModuleType:
    """rules.toy: dnd5e's contract, its own name, unit keys and traits (as a package of its own would declare)."""
    toy = types.ModuleType("rules.toy")
    for name in dnd5e.__all__:
        setattr(toy, name, getattr(dnd5e, name))
    toy.NAME = "toy"
    toy.TRAITS = ToyTraits
    toy.UNIT_KEYS = COMBAT_KEYS + MOVER_KEYS + trait_keys(ToyTraits)
    toy.KEY_CHOICES = {"clan": ("none", "moss", "stone"), "charms": ("luck", "ward")}
    toy.ALWAYS_SAVED = ()
    return toy


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """The toy ruleset registered under its name: the registry's list of names is the one thing a ruleset adds."""
    module = _toy_module()
    monkeypatch.setitem(sys.modules, "rules.toy", module)
    names = (*RULESETS, "toy")
    monkeypatch.setattr(registry, "RULESETS", names)
    monkeypatch.setattr(level_module, "RULESETS", names)
    return module


TOY_UNIT = """speed = 9
clan = "moss"
stout = true
wounds = 2
charms = ["luck", "ward"]
boost = [{ type = "song", m = 3 }, { m = 1.5 }]
"""


def _toy_level(extra: str = TOY_UNIT) -> str:
    return variant('ruleset = "pf1"', 'ruleset = "toy"', variant("at = [1, 1]\nspeed = 9\n", "at = [1, 1]\n" + extra))


def test_a_toy_rulesets_level_loads_its_own_keys_into_its_own_record(toy: types.ModuleType) -> None:
    level = parse_level(_toy_level())
    unit = level.unit("valeros")
    own = traits_of(unit, ToyTraits)
    assert type(unit.traits) is ToyTraits
    assert (own.clan, own.stout, own.wounds, own.charms) == ("moss", True, 2, ("luck", "ward"))
    assert own.boosts == (("song", 3.0), ("", 1.5))
    assert reactions_left(unit, 1) == 2  # shared rules ask the record
    assert unit_to_dict(unit, "toy") == {
        "id": "valeros",
        "side": "hunters",
        "at": [1, 1],
        "speed": 9,
        "clan": "moss",
        "stout": True,
        "wounds": 2,
        "charms": ["luck", "ward"],
        "hp": 10,
        "boost": [{"type": "song", "m": 3}, {"m": 1.5}],
    }
    again = parse_level(level_to_toml(level))
    assert again.unit("valeros") == unit and play_fingerprint(again) == play_fingerprint(level)


def test_a_toy_rulesets_keys_are_checked_like_any_others(toy: types.ModuleType) -> None:
    for bad, where in (
        ('clan = "sand"', "clan"),
        ("wounds = -1", "wounds"),
        ('charms = ["curse"]', "charms"),
        ("stout = 3", "stout"),
        ("boost = [{ m = 1, x = 2 }]", "boost[0].x"),
        ('race = "elf"', "race"),  # pf1's key, not the toy's
    ):
        with pytest.raises(LevelError) as info:
            parse_level(_toy_level(f"speed = 9\n{bad}\n"))
        assert f"units[0].{where}" in str(info.value), (bad, str(info.value))


def test_a_toy_rulesets_traits_count_in_the_fingerprint(toy: types.ModuleType) -> None:
    plain = play_fingerprint(parse_level(_toy_level("speed = 9\n")))
    defaults = play_fingerprint(parse_level(_toy_level('speed = 9\nclan = "none"\nwounds = 0\n')))
    wounded = play_fingerprint(parse_level(_toy_level("speed = 9\nwounds = 1\n")))
    assert plain == defaults != wounded  # a key at its default leaves the fingerprint as it was


def test_no_shared_module_names_a_rulesets_own_key() -> None:
    """The loader, the saver and the fingerprint read a record by its declared fields, never by a key's name."""
    shared = ("game/levels/level_units.py", "game/levels/level_fingerprint.py", "rules/core.py", "rules/effects.py")
    own = {one.key for name in RULESETS for one in trait_fields(get_ruleset(name).TRAITS)}
    own |= {one.name for name in RULESETS for one in trait_fields(get_ruleset(name).TRAITS)}
    for path in shared:
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        text = "\n".join(line for line in lines if not line.startswith(("from ", "import ")))
        named = sorted(k for k in own if re.search(rf'"{k}"|\.{k}\b(?!\.|_)', text))
        assert not named, f"{path} names {named}"


# --- every pf1 and hexxen record survives a save ------------------------------------------------------------------

WORDS = st.sampled_from(["human", "elf", "dwarf", "halfling"])


@settings(max_examples=40, deadline=None)
@given(
    race=st.one_of(st.none(), WORDS),
    armor=st.sampled_from(pf1.KEY_CHOICES["armor"]),
    load=st.sampled_from(pf1.KEY_CHOICES["load"]),
    klass=st.one_of(st.none(), st.sampled_from(pf1.KEY_CHOICES["class"])),
    level=st.integers(1, 20),
    bonuses=st.lists(
        st.tuples(st.sampled_from(["", "enhancement", "morale"]), st.sampled_from([1.5, 3.0])), max_size=3
    ),
    flags=st.lists(st.booleans(), min_size=5, max_size=5),
    obstructs=st.one_of(st.none(), st.booleans()),
    dex_ac=st.integers(0, 6),
)
def test_any_pf1_record_saves_and_loads_back_with_the_same_fingerprint(
    race, armor, load, klass, level, bonuses, flags, obstructs, dex_ac
) -> None:
    record = Pf1Traits(
        race=race,
        armor=armor,
        load=load,
        char_class=klass,
        level=level,
        bonuses=tuple(bonuses),
        incorporeal=flags[0],
        sees_in_dark=flags[1],
        fills_space=flags[2],
        obstructs_when_helpless=obstructs,
        acrobatics=flags[3],
        dex_ac=dex_ac,
        combat_reflexes=flags[4],
    )
    base = parse_level(BASE)
    units = tuple(u.evolve(traits=record) if u.id == "valeros" else u for u in base.units)
    changed = dataclasses.replace(base, units=units)
    again = parse_level(level_to_toml(changed))
    assert pf1.traits(again.unit("valeros")) == record
    assert play_fingerprint(again) == play_fingerprint(changed)
    assert (play_fingerprint(changed) == play_fingerprint(base)) == (record == Pf1Traits())
