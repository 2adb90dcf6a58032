"""Level files and what they describe: loading and checking a level, its units, their grammar and controllers,
the play order and fingerprint, the map picture and legend, tutorials, mirror checks, the battle-map importer
and the watcher of `play --watch`.

May import rules, game.text, game.storage and game's top-level modules (paths, limits, files, tomlio).
"""
