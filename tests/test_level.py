"""The level loader: valid files become immutable Levels, bad ones one located LevelError."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.levels.level import Level, LevelError, check_level, level_to_toml, load_level, parse_level, save_level
from rules import hexxen as hexxen_rules
from rules import pf1
from rules.core import Size

ROOT = Path(__file__).resolve().parent.parent
LEVELS = sorted((ROOT / "levels").glob("*.toml"))

BASE = """\
format = 1
name = "Test bridge"
ruleset = "pf1"
description = "A small test map."

[map]
tiles = '''
##########
#..,,,...#
#..,,o..%#
#........#
##########
'''

[[sides]]
id = "hunters"
name = "The Hunters"

[[sides]]
id = "monsters"
controller = "ai"

[[units]]
id = "valeros"
side = "hunters"
at = [1, 1]
speed = 9

[[units]]
id = "ogre"
side = "monsters"
at = [6, 1]
size = "large"
speed = 9
"""
# lines of BASE used below: map rows 8–12, sides[1] at 19, units[0] at 23 (`at` 26), units[1] at 29 (`at` 32)


def variant(old: str, new: str, text: str = BASE) -> str:
    """BASE with one exact piece replaced (the piece must be there)."""
    assert old in text, old
    return text.replace(old, new, 1)


def refused(tmp_path: Path, text: str | bytes, name: str = "bad.toml") -> str:
    """Write the level, load it, and return the one-line error message."""
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    with pytest.raises(LevelError) as info:
        load_level(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    return message


def hexxen(units: str) -> str:
    """A hexxen level on an open 10×8 map with the given [[units]] blocks."""
    return (
        'format = 1\nname = "H"\nruleset = "hexxen"\n[map]\ntiles = """\n'
        + "\n".join(["." * 10] * 8)
        + '\n"""\n[[sides]]\nid = "hunters"\n[[sides]]\nid = "npcs"\n'
        + units
    )


def unit(uid: str, side: str, at: tuple[int, int], extra: str = "") -> str:
    """One [[units]] block."""
    return f'[[units]]\nid = "{uid}"\nside = "{side}"\nat = [{at[0]}, {at[1]}]\n{extra}\n'


# --- valid levels ---------------------------------------------------------------------


def test_valid_level_has_all_fields() -> None:
    level = parse_level(BASE, "base.toml")
    assert level.source == "base.toml"
    assert (level.format, level.name, level.ruleset, level.turns) == (1, "Test bridge", "pf1", "sides")
    assert level.board.width == 10 and level.board.height == 5
    assert level.board.terrain((5, 2)).pit and level.board.terrain((3, 1)).difficult
    assert level.tiles[1] == "#..,,,...#"
    assert level.unit("ogre").size is Size.LARGE and level.unit("ogre").speed == 9.0
    assert level.side("hunters").name == "The Hunters" and level.side("monsters").controller == "ai"
    assert level.victory_rounds is None
    assert len(level.fingerprint) == 64


def test_pf1_defaults_to_alternating_diagonals_and_dnd5e_to_uniform() -> None:
    assert parse_level(BASE).options.diagonal == "alternating"
    dnd = parse_level(variant('ruleset = "pf1"', 'ruleset = "dnd5e"'))
    assert dnd.options.diagonal == "uniform"


def test_dnd5e_unit_without_speed_walks_nine_metres() -> None:
    text = variant('ruleset = "pf1"', 'ruleset = "dnd5e"')
    text = variant("at = [1, 1]\nspeed = 9\n", "at = [1, 1]\n", text)
    assert parse_level(text).unit("valeros").speed == 9.0


def test_pf1_unit_may_take_its_speed_from_race() -> None:
    level = parse_level(variant("at = [1, 1]\nspeed = 9\n", 'at = [1, 1]\nrace = "dwarf"\n'))
    assert level.unit("valeros").speed is None and pf1.traits(level.unit("valeros")).race == "dwarf"


def test_sides_get_default_colours_by_index_and_hex_colours_are_read() -> None:
    level = parse_level(variant('id = "monsters"\n', 'id = "monsters"\ncolor = "#0a0B0c"\n'))
    assert level.side("hunters").color == (176, 58, 46)
    assert level.side("monsters").color == (10, 11, 12)


def test_legend_entry_may_list_several_kinds_with_clearance_and_skill_check() -> None:
    text = variant("#........#\n###", "#....cw..#\n###")
    text += '\n[map.legend]\n"w" = "difficult"\n'
    text += '"c" = { kind = ["narrow", "dark"], clearance = 0.6, skill_check = true }\n'
    level = parse_level(text)
    crack = level.board.terrain((5, 3))
    assert crack.kinds == frozenset({"narrow", "dark"}) and crack.clearance == 0.6 and crack.skill_check
    assert level.board.terrain((6, 3)).difficult
    assert level.legend["+"].kinds == frozenset({"door_closed"})


def test_edges_become_board_wall_segments() -> None:
    text = BASE + '\n[[map.edges]]\na = [3, 2]\nb = [4, 2]\nkind = "hampering"\n'
    level = parse_level(text)
    assert level.board.edge((4, 2), (3, 2)) == "hampering"
    assert level.edges[0].kind == "hampering"


def test_unit_keys_map_onto_creature_fields() -> None:
    extra = (
        'race = "elf"\narmor = "medium"\nload = "heavy"\nclass = "monk"\nlevel = 6\n'
        'bonuses = [{ type = "enhancement", m = 3 }, { m = 1.5 }]\nfly = 18\nflying = true\n'
        'hp = 12\ndefense = 15\nattack = 4\ndamage = "1d8+2"\nattacks = 2\nreach = 3\ninitiative = 3\nskill = 2\n'
    )
    level = parse_level(variant("at = [1, 1]\nspeed = 9\n", "at = [1, 1]\nspeed = 9\n" + extra))
    c = level.unit("valeros")
    own = pf1.traits(c)
    assert (own.race, own.armor, own.load, own.char_class, own.level) == ("elf", "medium", "heavy", "monk", 6)
    assert own.bonuses == (("enhancement", 3.0), ("", 1.5))
    assert c.airborne and c.mode == "fly" and c.fly == 18.0
    assert (c.hp, c.max_hp, c.defense, c.attack, c.damage, c.attacks) == (12, 12, 15, 4, "1d8+2", 2)
    assert (c.reach, c.initiative, c.skill) == (3.0, 3, 2)


def test_hexxen_unit_keys_are_read() -> None:
    units = unit("h", "hunters", (0, 0), 'powers = ["leibgarde"]\nap = 3') + unit(
        "n", "npcs", (5, 5), 'role = "leader"\nmounted = true\nsize = "huge"'
    )
    level = parse_level(hexxen(units))
    h, n = hexxen_rules.traits(level.unit("h")), hexxen_rules.traits(level.unit("n"))
    assert h.powers == ("leibgarde",) and h.ap == 3
    assert n.role == "leader" and n.mounted and level.unit("n").size is Size.HUGE
    assert level.options.diagonal == "uniform"


def test_pf1_tiny_units_may_share_a_square() -> None:
    text = BASE + '\n[[units]]\nid = "rat"\nside = "monsters"\nat = [1, 1]\nsize = "tiny"\nspeed = 4.5\n'
    assert parse_level(text).unit("rat").at == (1, 1)


def test_dnd5e_four_tiny_units_may_share_one_square() -> None:
    text = variant('ruleset = "pf1"', 'ruleset = "dnd5e"')
    for i in range(4):
        text += f'\n[[units]]\nid = "bat{i}"\nside = "monsters"\nat = [2, 3]\nsize = "tiny"\n'
    assert len(parse_level(text).units) == 6


def test_flying_unit_may_start_above_a_pit() -> None:
    text = variant("at = [1, 1]\nspeed = 9\n", "at = [5, 2]\nspeed = 9\nfly = 12\nflying = true\n")
    assert parse_level(text).unit("valeros").at == (5, 2)


def test_rules_table_keeps_registered_ruleset_options_in_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules.pf1

    options = {"checks": (str, ("roll", "pass")), "bonus": (int, None)}
    monkeypatch.setattr(rules.pf1, "LEVEL_OPTIONS", options)
    level = parse_level(variant("[map]\n", '[rules]\ndiagonal = "uniform"\nchecks = "pass"\nbonus = 2\n\n[map]\n'))
    assert level.options.diagonal == "uniform" and dict(level.options.extra) == {"checks": "pass", "bonus": 2}
    _same_data(level, parse_level(level_to_toml(level)))


def test_victory_rounds_are_read() -> None:
    assert parse_level(BASE + "\n[victory]\nrounds = 8\n").victory_rounds == 8


# --- immutability and saving ---------------------------------------------------------


def test_level_is_immutable() -> None:
    level = parse_level(BASE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        level.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        level.legend["x"] = level.legend["."]  # type: ignore[index]
    with pytest.raises(TypeError):
        level.options.extra["x"] = 1  # type: ignore[index]
    assert isinstance(level.units, tuple) and isinstance(level.sides, tuple) and isinstance(level.tiles, tuple)


def _same_data(a: Level, b: Level) -> None:
    """Every field but the file name and fingerprint is equal."""
    for field in dataclasses.fields(Level):
        if field.name not in ("source", "fingerprint"):
            assert getattr(a, field.name) == getattr(b, field.name), field.name


def test_level_round_trips_through_toml() -> None:
    text = variant("#........#\n###", "#....cw..#\n###")
    text += '\n[map.legend]\n"w" = ["difficult", "hampering"]\n"c" = { kind = "narrow", clearance = 0.6 }\n'
    text += '\n[[map.edges]]\na = [3, 2]\nb = [4, 2]\nkind = "blocking"\n[victory]\nrounds = 5\n'
    text = variant("speed = 9\n", 'speed = 9\nbonuses = [{ m = 3 }]\nrace = "gnome"\nprone = true\nhp = 7\n', text)
    level = parse_level(text)
    _same_data(level, parse_level(level_to_toml(level)))


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.name)
def test_shipped_level_round_trips(path: Path) -> None:
    level = load_level(path)
    _same_data(level, parse_level(level_to_toml(level)))


def test_save_level_writes_a_loadable_file_and_keeps_damage(tmp_path: Path) -> None:
    level = parse_level(BASE)
    hurt = dataclasses.replace(level, units=(level.units[0].evolve(hp=3), *level.units[1:]))
    target = tmp_path / "saved.toml"
    save_level(hurt, target)
    again = load_level(target)
    assert again.unit("valeros").hp == 3 and again.unit("valeros").max_hp == 10
    assert [p.name for p in tmp_path.iterdir()] == ["saved.toml"]


def test_save_level_refuses_a_situation_the_loader_would_refuse(tmp_path: Path) -> None:
    level = parse_level(BASE)
    clash = dataclasses.replace(level, units=(level.units[0].evolve(at=(6, 2)), *level.units[1:]))
    with pytest.raises(LevelError, match="already taken"):
        save_level(clash, tmp_path / "x.toml")
    assert not list(tmp_path.iterdir())


# --- shipped levels ------------------------------------------------------------------


def test_levels_directory_ships_the_promised_levels() -> None:
    names = {p.name for p in LEVELS}
    assert {"pf1_bridge.toml", "dnd5e_crypt.toml", "hexxen_village.toml", "arena_4v4.toml"} <= names


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.name)
def test_shipped_level_loads_with_two_sides_and_combat_stats(path: Path) -> None:
    level = load_level(path)
    assert check_level(path) == []
    assert len(level.sides) == 2 and level.description
    assert {u.side for u in level.units} == {s.id for s in level.sides}
    assert all((u.hp, u.defense, u.attack) != (10, 10, 0) for u in level.units)


# --- refusals ------------------------------------------------------------------------


def test_toml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('name = "Test bridge"', "name = "))
    assert "bad.toml:2:" in message and "TOML syntax error" in message


def test_non_utf8_file_is_refused_with_byte_offset(tmp_path: Path) -> None:
    data = BASE.encode("utf-8").replace(b"Test bridge", b"Test br\xfccke")
    message = refused(tmp_path, data)
    offset = data.index(b"\xfc")
    assert "not UTF-8" in message and "0xfc" in message and f"offset {offset}" in message
    assert "bad.toml:2:" in message


def test_missing_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(LevelError) as info:
        load_level(tmp_path / "nowhere.toml")
    assert "nowhere.toml" in str(info.value) and "cannot read" in str(info.value)
    assert check_level(tmp_path / "nowhere.toml") == [str(info.value)]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('name = "Test bridge"\n', "", "name: missing required key `name`"),
        ("format = 1\n", "", "format: missing required key"),
        ('ruleset = "pf1"\n', "", "ruleset: missing required key"),
        ("tiles = '''", "floor = '''", "map.tiles: missing required key `tiles`"),
    ],
)
def test_missing_or_unknown_top_keys_are_refused(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert expected in refused(tmp_path, variant(old, new))


def test_level_without_units_is_refused(tmp_path: Path) -> None:
    text = BASE[: BASE.index("[[units]]")]
    assert "units: missing required key `units`" in refused(tmp_path, text)


def test_wrong_format_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("format = 1", "format = 2"))
    assert ":1: format: format 2 is not known" in message


def test_unknown_ruleset_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('ruleset = "pf1"', 'ruleset = "gurps"'))
    assert ':3: ruleset: "gurps" is not allowed' in message and '"hexxen"' in message


def test_unknown_top_level_key_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("format = 1\n", "format = 1\nauthor = 1\n"))
    assert ":2: author: unknown key" in message


def test_unknown_symbol_names_symbol_row_column_and_line(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("#..,,o..%#", "#..,,o.X%#"))
    assert ':10: map.tiles: unknown symbol "X" at row 2, column 7' in message


def test_ragged_rows_are_refused_at_the_short_row(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("#........#\n", "#.......#\n"))
    assert ":11: map.tiles: row 3 has 9 symbols, expected 10" in message


def test_unit_outside_the_map_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [6, 1]", "at = [12, 3]"))
    assert ":32: units[1].at: [12, 3] is outside the 10×5 map (x 0–9, y 0–4)" in message


def test_huge_unit_reaching_past_the_map_edge_is_refused(tmp_path: Path) -> None:
    text = variant('ruleset = "hexxen"', 'ruleset = "dnd5e"', hexxen(unit("h", "hunters", (0, 0))))
    message = refused(tmp_path, text + unit("n", "npcs", (8, 5), 'size = "huge"'))
    assert "units[1].at: [8, 5]: the huge unit's square [10, 5] is outside the 10×8 map" in message


def test_a_huge_hexxen_token_takes_one_cell_so_it_may_stand_at_the_edge() -> None:
    # HX-GRID-MAP: a token uses one cell whatever the creature's size (HX-TOKENS: size is cosmetic)
    level = parse_level(hexxen(unit("h", "hunters", (0, 0)) + unit("n", "npcs", (9, 7), 'size = "huge"')))
    beast = level.unit("n")
    assert beast.footprint() == {(9, 7)}


def test_large_unit_with_one_square_in_a_wall_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [6, 1]", "at = [8, 1]"))
    assert "units[1].at: [8, 1]: the large unit's square [9, 1] is inside a wall" in message


def test_unit_inside_a_wall_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [1, 1]", "at = [0, 1]"))
    assert ":26: units[0].at: [0, 1] is inside a wall" in message


def test_large_unit_with_one_square_in_a_pit_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [6, 1]", "at = [4, 1]"))
    assert "units[1].at: [4, 1]" in message and "[5, 2] is inside a pit" in message


def test_unit_on_a_closed_door_is_refused(tmp_path: Path) -> None:
    text = variant("#........#\n#", "#........#\n+", variant("at = [1, 1]", "at = [0, 4]"))
    assert "units[0].at: [0, 4] is inside a closed door" in refused(tmp_path, text)


def test_two_units_on_one_square_are_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [1, 1]", "at = [7, 2]"))
    assert 'units[1].at: [7, 2] is already taken by unit "valeros" (units[0])' in message


def test_dnd5e_tiny_unit_may_not_share_with_a_medium_one(tmp_path: Path) -> None:
    text = variant('ruleset = "pf1"', 'ruleset = "dnd5e"')
    text += '\n[[units]]\nid = "cat"\nside = "monsters"\nat = [1, 1]\nsize = "tiny"\n'
    assert 'units[2].at: [1, 1] is already taken by unit "valeros"' in refused(tmp_path, text)


def test_dnd5e_fifth_tiny_unit_in_one_square_is_refused(tmp_path: Path) -> None:
    text = variant('ruleset = "pf1"', 'ruleset = "dnd5e"')
    for i in range(5):
        text += f'\n[[units]]\nid = "bat{i}"\nside = "monsters"\nat = [2, 3]\nsize = "tiny"\n'
    assert "units[6].at: [2, 3] already holds four Tiny units (D5-GRID-FOOTPRINT)" in refused(tmp_path, text)


def test_unknown_side_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('side = "monsters"', 'side = "pirates"'))
    assert ':31: units[1].side: "pirates" is not a side of this level' in message


def test_duplicate_unit_id_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('id = "ogre"', 'id = "valeros"'))
    assert ':30: units[1].id: duplicate unit id "valeros" (also units[0])' in message


def test_duplicate_side_id_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('id = "monsters"', 'id = "hunters"'))
    assert ':20: sides[1].id: duplicate side id "hunters"' in message


def test_negative_speed_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('size = "large"\nspeed = 9', 'size = "large"\nspeed = -3'))
    assert ":34: units[1].speed: -3 is negative" in message


def test_size_the_ruleset_lacks_is_refused(tmp_path: Path) -> None:
    text = hexxen(unit("h", "hunters", (0, 0), 'size = "large"') + unit("n", "npcs", (5, 5)))
    message = refused(tmp_path, text)
    assert 'units[0].size: "large" is not a hexxen size; expected "tiny", "medium" or "huge"' in message


def test_hexxen_units_touching_at_start_are_refused(tmp_path: Path) -> None:
    text = hexxen(unit("h1", "hunters", (2, 2)) + unit("n1", "npcs", (3, 3)))
    message = refused(tmp_path, text)
    assert "units[1].at" in message and "HX-START-APART" in message
    assert 'unit "n1" at [3, 3] touches unit "h1" (units[0]) at [2, 2]' in message


def test_hexxen_units_one_square_apart_are_accepted() -> None:
    level = parse_level(hexxen(unit("h1", "hunters", (2, 2)) + unit("n1", "npcs", (4, 4))))
    assert [u.id for u in level.units] == ["h1", "n1"]


def test_edge_between_non_neighbours_is_refused(tmp_path: Path) -> None:
    text = BASE + '\n[[map.edges]]\na = [3, 2]\nb = [4, 3]\nkind = "blocking"\n'
    message = refused(tmp_path, text)
    assert ":38: map.edges[0].b: [4, 3] is not an orthogonal neighbour of a = [3, 2]" in message


def test_edge_off_the_map_is_refused(tmp_path: Path) -> None:
    text = BASE + '\n[[map.edges]]\na = [9, 4]\nb = [10, 4]\nkind = "blocking"\n'
    assert "map.edges[0].b: [10, 4] is outside the 10×5 map" in refused(tmp_path, text)


def test_unknown_rules_key_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("[map]\n", "[rules]\nflanking = true\n\n[map]\n"))
    assert ":7: rules.flanking: unknown key; expected one of diagonal" in message


def test_bad_diagonal_value_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("[map]\n", '[rules]\ndiagonal = "euclid"\n\n[map]\n'))
    assert 'rules.diagonal: "euclid" is not allowed; expected "alternating" or "uniform"' in message


def test_unknown_unit_key_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('size = "large"', 'size = "large"\nmana = 3'))
    assert ":34: units[1].mana: unknown key" in message


def test_unit_key_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant('size = "large"', 'size = "large"\nmounted = true'))
    assert "units[1].mounted: `mounted` is not a pf1 unit key (only hexxen levels use it)" in message


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("hp", '"ten"', 'units[1].hp: expected a whole number, got "ten"'),
        ("prone", "1", "units[1].prone: expected true or false, got 1"),
        ("race", '"orc"', 'units[1].race: "orc" is not allowed'),
        ("damage", '"lots"', "units[1].damage: not dice text"),
        ("at", "[1]", "units[1].at: expected a square [x, y]"),
        ("bonuses", '[{ kind = "x", m = 1 }]', "units[1].bonuses[0].kind: unknown key"),
    ],
)
def test_wrong_unit_values_are_refused(tmp_path: Path, key: str, value: str, expected: str) -> None:
    block = 'id = "ogre"\nside = "monsters"\nat = [6, 1]\nsize = "large"\nspeed = 9\n'
    lines = [line for line in block.splitlines() if not line.startswith(f"{key} =")]
    message = refused(tmp_path, variant(block, "\n".join(lines) + f"\n{key} = {value}\n"))
    assert expected in message


def test_pf1_unit_without_speed_or_race_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [1, 1]\nspeed = 9\n", "at = [1, 1]\n"))
    assert "units[0].speed: missing" in message and "race" in message


def test_flying_without_fly_speed_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, variant("at = [1, 1]\nspeed = 9\n", "at = [1, 1]\nspeed = 9\nflying = true\n"))
    assert ":28: units[0].flying: a unit that starts flying needs a fly speed" in message


def test_unknown_legend_kind_is_refused(tmp_path: Path) -> None:
    text = BASE + '\n[map.legend]\n"w" = "lava"\n'
    assert ':37: map.legend.w: "lava" is not a terrain kind' in refused(tmp_path, text)


def test_bad_clearance_is_refused(tmp_path: Path) -> None:
    text = BASE + '\n[map.legend]\n"c" = { kind = "narrow", clearance = 2 }\n'
    assert "map.legend.c.clearance: 2.0 is out of range" in refused(tmp_path, text)


def test_check_level_lists_every_bad_unit(tmp_path: Path) -> None:
    text = variant('side = "monsters"', 'side = "pirates"', variant("speed = 9", "speed = -1"))
    path = tmp_path / "two.toml"
    path.write_text(text, encoding="utf-8")
    problems = check_level(path)
    assert len(problems) == 2
    assert "units[0].speed" in problems[0] and "units[1].side" in problems[1]


def test_units_written_as_inline_array_report_the_array_line(tmp_path: Path) -> None:
    head = BASE[: BASE.index("[[units]]")]
    inline = 'units = [{ id = "a", side = "nobody", at = [1, 1], speed = 6 }]\n'
    text = variant('description = "A small test map."\n', 'description = "A small test map."\n' + inline, head)
    message = refused(tmp_path, text)
    assert ':5: units[0].side: "nobody" is not a side' in message


def test_windows_line_endings_load_and_keep_row_lines(tmp_path: Path) -> None:
    crlf = BASE.replace("\n", "\r\n")
    assert parse_level(crlf).tiles[0] == "##########"
    message = refused(tmp_path, variant("#..,,o..%#", "#..,,o.X%#").replace("\n", "\r\n"))
    assert ':10: map.tiles: unknown symbol "X" at row 2, column 7' in message


def test_example_level_in_the_docs_loads() -> None:
    text = (ROOT / "docs" / "levels.md").read_text(encoding="utf-8")
    example = text[text.index("## A complete example") :]
    example = example[example.index("```toml") + len("```toml") : example.index("```\n\n## Shipped")]
    level = parse_level(example, "docs/levels.md")
    assert level.unit("ogre").size is Size.LARGE and level.victory_rounds == 8
    assert level.board.terrain((8, 2)).kinds == frozenset({"narrow", "dark"})


def test_every_shipped_level_is_listed_in_the_docs() -> None:
    text = (ROOT / "docs" / "levels.md").read_text(encoding="utf-8")
    assert all(f"`{path.name}`" in text for path in LEVELS)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_damaged_level_text_loads_or_gives_one_level_error(data: st.DataObject) -> None:
    lines = BASE.split("\n")
    index = data.draw(st.integers(0, len(lines) - 1))
    replacement = data.draw(
        st.sampled_from(["", "x = 1", "[units]", "[[units]]", "at = [-1, 0]", "size = 3", "tiles = 'a'"])
        | st.sampled_from(["[map.legend]", '"x" = 1', "units = 3"])
        | st.text(max_size=12)
    )
    text = "\n".join([*lines[:index], replacement, *lines[index + 1 :]])
    try:
        level = parse_level(text, "fuzz.toml")
    except LevelError as exc:
        assert str(exc).startswith("fuzz.toml") and "\n" not in str(exc)
    else:
        assert level.units and level.sides


def test_dnd5e_accepts_the_alternating_diagonal_variant() -> None:
    """`diagonal = "alternating"` is D5-GRID-DIAG-VARIANT, no longer refused for dnd5e."""
    text = variant('ruleset = "hexxen"', 'ruleset = "dnd5e"', hexxen(unit("h", "hunters", (0, 0))))
    level = parse_level(text.replace("[map]", '[rules]\ndiagonal = "alternating"\n[map]'))
    assert level.ruleset == "dnd5e" and level.options.diagonal == "alternating"
    assert parse_level(text).options.diagonal == "uniform", "D5-GRID-DIAG stays the default"
    _same_data(level, parse_level(level_to_toml(level)))


def test_dnd5e_tiny_units_of_different_sides_may_share_a_square() -> None:
    """D5-GRID-FOOTPRINT (revised), W61: a Tiny quarter is no creature's space, whatever the sides."""
    text = variant('ruleset = "pf1"', 'ruleset = "dnd5e"')
    text += '\n[[units]]\nid = "rat"\nside = "monsters"\nat = [2, 3]\nsize = "tiny"\n'
    text += '\n[[units]]\nid = "sprite"\nside = "hunters"\nat = [2, 3]\nsize = "tiny"\n'
    level = parse_level(text)
    assert level.unit("rat").at == level.unit("sprite").at == (2, 3)
