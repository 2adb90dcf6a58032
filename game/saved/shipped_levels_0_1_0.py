"""The shipped levels as Gridbound 0.1.0 saved them: a format-1 replay's file fingerprint → the play fingerprint.

Format-1 replays (Gridbound 0.1.0) name their level by the sha256 of the level file's bytes, so any edit
of a shipped level (a translated name, a unit's grammatical gender) would refuse them although the game
they record plays the same. This table holds, for every level shipped with 0.1.0, the sha256 of that file
and the play fingerprint (game/levels/level_fingerprint.py) of the same file: a format-1 replay whose file
fingerprint is listed plays on today's level when today's play fingerprint is the one listed. Computed once
from the 0.1.0 files (commit 162378c); it never changes, since 0.1.0 never changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

SHIPPED_0_1_0: Mapping[str, str] = MappingProxyType(
    {
        # arena_4v4.toml
        "2a00be6e072cee09c03325069e8c958c73947073e4e1704d7fe1caee86014cb6": (
            "b20f0c84a24f96f0efad1badd1e6ffadc6325fa4c6b09c94e075fc0728ae2109"
        ),
        # dnd5e_cliffs.toml
        "6b89164091a558d22210de1fe67cda44bfde3158c0a7557099adecf1b3f4a337": (
            "afabdb802819f922633e566f6f38f35d8a361d1d95c11c2059873be80ec43300"
        ),
        # dnd5e_crypt.toml
        "126084129182b202942c2b1e2100c1c9e83c6eac3adb3b5e257fec1c11799f93": (
            "0c7ced975f209033140611c177a35e23be82de96ee90b570ff8ae839e923d737"
        ),
        # dnd5e_hall.toml
        "150516ef0c123925015d13bc8e92573c4dc9a845c0d0902905fc1532b99aa378": (
            "1c491cd13a6f1823c83971c43ed744f8348eeb370c995dc0e89107ca5a1581aa"
        ),
        # hexxen_beast.toml
        "deca6edbd2d61487b8d45e577708f99d1ade3fff7302019df498147c9d0b209a": (
            "6a4909b31b8e1db340560847629df29d2b445f375e1a03e7765fefbdba7bbfb0"
        ),
        # hexxen_riders.toml
        "2d23ac8deb44e6e8fbec5ef568c902cd4dd8388a19136126601f8010bc7deeb0": (
            "e938946417e00911eb04bb7e7a7e722d76d0fe4645e43b7d4dfde7aefb3d2a12"
        ),
        # hexxen_village.toml
        "6e45d096a458037ba7893fe9071931de9a707b5ad306c14e89dc29988bdf093b": (
            "f4e704bf109dc28542bebf981e96342c08120a27db13f5f9d05a0259581d307e"
        ),
        # pf1_bridge.toml
        "aed4e3c8bed77bf79fe6cab0460d576b8c2d5d47066574b697ae8a96e747b260": (
            "8be9c2830a75a2def32294c0bc965e0f7b60cc531b37f7f90d958c8bce2dd4e8"
        ),
        # pf1_corridors.toml
        "04a9adac02160c2a95a60df40f67ad1a446932266d7ab5b8bb611768defb891c": (
            "bc35371828c76d0c6e4d6b285fd3580b18fbed0da33671da470743380a2bfa90"
        ),
        # pf1_swamp.toml
        "f9c02ab97335a7b092af5ca93e50e7e2e4db9ea5f2a388a190944f8287d6f07f": (
            "cd17e979129fc9e9d7e8d0ee87cec649fa6e7c4995bf25e41e4ef0b45a75034d"
        ),
        # tutorials/dnd5e.toml
        "f950fe64a85411b142a89c7b5addd612305822baaae076325e33798fe5711ce4": (
            "d15168327ff473c5386f48f3f9dca63de924c94b7747dfd4b57593fa10a268b4"
        ),
        # tutorials/hexxen.toml
        "b7fb44d6126023cb4def1a2f7c06db8ec3cc65165b1bbe0c3a7a5d5c64b18ca4": (
            "9bf780bff659fd4c6b4c9b1cd49a7b128eb3f47b22a2d21f0d3f4605b686cb24"
        ),
        # tutorials/pf1.toml
        "2ca8db42bac30bd4b04a71b36a81f64cdd5e8d030054ad09d4a40c53be628357": (
            "3db5a46ce62af5b5e40c7192e3351c6cc3838ca0aee129cc55e0070bd8525cd0"
        ),
    }
)
"""sha256 of a 0.1.0 level file → the play fingerprint of that file."""
