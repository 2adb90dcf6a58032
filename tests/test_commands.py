"""The commands of docs/commands.md, docs/json.md, run as a user runs them: through a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


def gridbound(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("GRIDBOUND_DEBUG", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def test_check_accepts_every_shipped_level():
    levels = sorted(str(p) for p in LEVELS.glob("*.toml"))
    assert len(levels) >= 9
    out = gridbound("check", *levels)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count("ok:") == len(levels)


def test_check_refuses_a_bad_level_with_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "chess"\n[map]\ntiles = "..."\n', encoding="utf-8")
    out = gridbound("check", str(bad), str(LEVELS / "pf1_bridge.toml"))
    assert out.returncode == 2
    assert "Traceback" not in out.stdout + out.stderr
    assert "bad.toml:3" in out.stdout and "ruleset" in out.stdout
    assert "ok:" in out.stdout


def test_measure_json_has_the_documented_keys_and_cites_rules():
    out = gridbound("measure", str(LEVELS / "dnd5e_crypt.toml"), "bruna", "3,3", "4,4", "--json")
    data = json.loads(out.stdout)
    assert set(data) >= {"ok", "unit", "cost_m", "cost_squares", "band", "steps", "error"}
    assert data["unit"] == "bruna"
    assert len(data["steps"]) == 2 and all(s["rules"] for s in data["steps"])
    assert out.returncode == (0 if data["ok"] else 1)


def test_measure_of_a_path_into_a_wall_is_illegal_with_exit_1_and_a_rule_id(tmp_path):
    level = tmp_path / "walled.toml"
    level.write_text(
        'format = 1\nname = "w"\nruleset = "pf1"\n[map]\ntiles = """\n..#.\n....\n"""\n'
        '[[sides]]\nid = "a"\n[[units]]\nid = "u"\nside = "a"\nat = [1, 0]\nspeed = 9\n',
        encoding="utf-8",
    )
    out = gridbound("measure", str(level), "u", "2,0", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 1
    assert data["ok"] is False and data["error"]["rule"].startswith("PF1-")
    assert data["error"]["at"] == [2, 0]


def test_measure_with_an_unknown_unit_or_bad_square_is_bad_input():
    out = gridbound("measure", str(LEVELS / "pf1_bridge.toml"), "nobody", "1,1")
    assert out.returncode == 2 and "nobody" in out.stderr and "Traceback" not in out.stderr
    out = gridbound("measure", str(LEVELS / "pf1_bridge.toml"), "valeros", "1;1")
    assert out.returncode == 2 and "X,Y" in out.stderr


def test_reach_json_lists_squares_with_cost_and_band():
    out = gridbound("reach", str(LEVELS / "dnd5e_crypt.toml"), "bruna", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["unit"] == "bruna" and data["squares"]
    assert all(set(s) >= {"at", "cost_m", "band"} and s["band"] in {"move", "dash"} for s in data["squares"])


def test_reach_in_hexxen_names_the_enemies_that_can_be_engaged():
    out = gridbound("reach", str(LEVELS / "hexxen_village.toml"), "jacob", "--json")
    data = json.loads(out.stdout)
    assert {s["band"] for s in data["squares"]} == {"engage"}
    assert {s["target"] for s in data["squares"]} == {"prediger", "kultist_1", "kultist_2", "kultist_3", "kultist_4"}


def test_run_plays_a_script_and_reports_the_state(tmp_path):
    script = tmp_path / "s.toml"
    script.write_text(
        'seed = 7\n[[do]]\nunit = "bruna"\naction = "move"\npath = [[3, 3], [4, 4]]\n[[do]]\naction = "end_turn"\n',
        encoding="utf-8",
    )
    out = gridbound("run", str(LEVELS / "dnd5e_crypt.toml"), str(script), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0, out.stderr
    assert data["ok"] and data["error"] is None and len(data["results"]) == 2
    bruna = data["state"]["units"]["bruna"]
    assert bruna["at"] == [4, 4]
    assert set(bruna) >= {"at", "hp", "prone", "helpless", "mode", "moved_m", "remaining_m", "bound_to", "defeated"}
    assert data["state"]["active"] == "undead"


def test_run_stops_at_the_first_illegal_action_and_reports_the_state_before_it(tmp_path):
    script = tmp_path / "s.toml"
    script.write_text(
        '[[do]]\nunit = "bruna"\naction = "move"\npath = [[3, 3]]\n'
        '[[do]]\nunit = "bruna"\naction = "run"\npath = [[4, 4]]\n'
        '[[do]]\nunit = "bruna"\naction = "move"\npath = [[5, 5]]\n',
        encoding="utf-8",
    )
    out = gridbound("run", str(LEVELS / "dnd5e_crypt.toml"), str(script), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 1
    assert data["ok"] is False and data["error"]["index"] == 1 and data["error"]["rule"]
    assert len(data["results"]) == 1
    assert data["state"]["units"]["bruna"]["at"] == [3, 3]


def test_run_hexxen_script_reports_the_binding_graph(tmp_path):
    script = tmp_path / "s.toml"
    script.write_text('seed = 2\n[[do]]\nunit = "jacob"\naction = "attack"\ntarget = "kultist_1"\n', encoding="utf-8")
    out = gridbound("run", str(LEVELS / "hexxen_village.toml"), str(script), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0, out.stderr
    units = data["state"]["units"]
    assert units["jacob"]["bound_to"] == ["kultist_1"] and units["kultist_1"]["bound_to"] == ["jacob"]
    assert "HX-BIND-ON-ATTACK" in data["results"][0]["rules"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('[[do]]\nunit = "bruna"\naction = "fly_away"\n', "do[0].action"),
        ('[[do]]\nunit = "bruna"\naction = "move"\npath = [[1]]\n', "do[0].path"),
        ("seed = 'x'\n", "seed"),
        ("[[do]\n", "TOML"),
    ],
)
def test_a_bad_script_is_refused_with_its_key_and_exit_2(tmp_path, body, expected):
    script = tmp_path / "bad.toml"
    script.write_text(body, encoding="utf-8")
    out = gridbound("run", str(LEVELS / "dnd5e_crypt.toml"), str(script))
    assert out.returncode == 2
    assert expected in out.stderr and "bad.toml" in out.stderr and "Traceback" not in out.stderr


def test_a_missing_level_file_is_bad_input():
    out = gridbound("reach", "levels/does_not_exist.toml", "x")
    assert out.returncode == 2 and "does_not_exist.toml" in out.stderr


SQUEEZE_LEVEL = """format = 1
name = "Edge corridor"
ruleset = "dnd5e"
[map]
tiles = '''
........
...###..
'''
[[sides]]
id = "a"
[[units]]
id = "ogre"
side = "a"
at = [0, 0]
size = "large"
speed = 12
"""


def test_measure_takes_x_y_w_h_steps_and_reports_squeezed_dims(tmp_path):
    """docs/scripts.md, docs/commands.md: a step may be X,Y,W,H; D5-SQUEEZE along the map edge, dims in the steps."""
    level = tmp_path / "edge.toml"
    level.write_text(SQUEEZE_LEVEL, encoding="utf-8")
    out = gridbound("measure", str(level), "ogre", "1,0", "3,0,1,1", "4,0,1,1", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0, out.stdout + out.stderr
    assert [s.get("dims") for s in data["steps"]] == [None, [1, 1], [1, 1]]
    assert data["cost_m"] == 7.5 and "D5-SQUEEZE" in data["steps"][1]["rules"]
    full = gridbound("measure", str(level), "ogre", "1,0", "3,0,2,2", "--json")
    refused = json.loads(full.stdout)
    assert full.returncode == 1 and refused["error"]["rule"] == "D5-SQUEEZE"
    for bad in ("3,0,1", "3,0,0,1", "3,0,1,1,1"):
        wrong = gridbound("measure", str(level), "ogre", bad)
        assert wrong.returncode == 2 and "Traceback" not in wrong.stdout + wrong.stderr
        assert bad in wrong.stdout + wrong.stderr


def test_run_accepts_x_y_w_h_path_entries_and_reports_dims(tmp_path):
    """docs/scripts.md (path entries) and docs/json.md `dims` of a squeezed unit in the state."""
    level = tmp_path / "edge.toml"
    level.write_text(SQUEEZE_LEVEL, encoding="utf-8")
    script = tmp_path / "s.toml"
    script.write_text('[[do]]\nunit = "ogre"\naction = "move"\npath = [[1, 0], [3, 0, 1, 1]]\n', encoding="utf-8")
    out = gridbound("run", str(level), str(script), "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    ogre = json.loads(out.stdout)["state"]["units"]["ogre"]
    assert ogre["at"] == [3, 0] and ogre["dims"] == [1, 1] and ogre["squeezed"] is True
    script.write_text('[[do]]\nunit = "ogre"\naction = "move"\npath = [[1, 0, 0, 2]]\n', encoding="utf-8")
    bad = gridbound("run", str(level), str(script), "--json")
    assert bad.returncode == 2 and "Traceback" not in bad.stdout + bad.stderr
    assert "do[0].path" in bad.stdout + bad.stderr or "path" in bad.stdout + bad.stderr


def test_run_on_an_alternating_dnd5e_level_prices_every_second_diagonal_double(tmp_path):
    """`diagonal = "alternating"` loads for dnd5e and W62's walk costs 9 m (D5-GRID-DIAG-VARIANT)."""
    level = tmp_path / "alt.toml"
    text = SQUEEZE_LEVEL.replace("[map]", '[rules]\ndiagonal = "alternating"\n[map]')
    text = text.replace('size = "large"\nspeed = 12', "speed = 9")
    text = text.replace("........\n...###..", "\n".join(["......"] * 5))
    level.write_text(text, encoding="utf-8")
    assert gridbound("check", str(level)).returncode == 0
    out = gridbound("measure", str(level), "ogre", "1,1", "2,2", "3,3", "4,4", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0, out.stdout + out.stderr
    assert [s["cost_m"] for s in data["steps"]] == [1.5, 3.0, 1.5, 3.0] and data["band"] == "move"
