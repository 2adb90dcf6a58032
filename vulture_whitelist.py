"""Names `python -m vulture` reports as unused that are kept on purpose (read by vulture, never run).

Run `python -m vulture` (its paths and confidence are in pyproject.toml, [tool.vulture]): it must
print nothing. The confidence is 60 %, vulture's lowest, the level at which it reports unused
functions, methods, classes and attributes and not only unused imports and variables; every
name it then reports is either removed or listed here with why it stays. Each line names the
object as vulture does (`_.name` is an attribute or method of some class).
"""

# Called by the standard library or pygame, not by our code.
_._split_lines  # game/commands/cli_help.py: argparse.HelpFormatter's hook for wrapping a help text
_.handleError  # game/ui/kiosk/guard.py: logging.Handler's hook when writing a log record fails
__getattr__  # game/tomlio.py, rules/pf1/__init__.py: a module's lazy attributes (PEP 562)
_.midright  # game/ui/scenes/menu.py: a pygame.Rect attribute set to place a rectangle
_.midleft  # game/ui/scenes/menu.py: the same

# Part of a record's identity or state: read through equality, hashing or the JSON, not by name.
forecast_id  # game/ui/board.py BoardKey: a new forecast repaints the composed board
reaction_used  # rules/dnd5e/turn.py TurnState: the turn state's reaction, reset with the turn

# A rule id named where the rule is decided, for readers and the rule catalogue.
GB_5E_DEFAULT_SPEED  # rules/dnd5e/house.py: the id of the 9 m default walking speed

# The rule catalogue's checks, which tests/test_catalog.py runs (game/text/catalog.py is their one home).
TITLE_MAX  # game/text/catalog.py
SUMMARY_MAX  # game/text/catalog.py
HOUSE_RULE_ID  # game/text/catalog.py
declared_rule_ids  # game/text/catalog.py
placeholders  # game/text/i18n.py: the {names} of a message, compared across languages by the i18n tests

# Test seams: what tests ask of production code to hold it to a reference or read its state.
# (No counters of work: tests count calls with tests/counting.py, docs/decisions/0007-caches-in-one-place.md.)
use_folder  # game/storage/toml_cache.py, game/ui/raster_cache.py: point a start-up cache at a test's folder
clear_all  # game/caches.py: the one reset of every cache (tests and the bench empty them)
registered  # game/caches.py: the list of every cache with its bound (tests check each one is bounded)
_.rebuilt  # game/ui/frame.py: the regions the last frame repainted (a still screen repaints none)
_.overlay_rects  # game/ui/frame.py: the rectangles the overlays drew last
_.exited  # game/ui/kiosk/session.py: whether the kiosk left by its exit chord
_.settings_button  # game/ui/scenes/menu.py: where the settings button is, for UI tests' clicks
_.players_button  # game/ui/scenes/menu.py: the same for the players button
_._language_rect  # game/ui/scenes/menu.py: the same for a language choice
_.fading  # game/ui/timeline.py: the units fading out at a time, for the timeline tests
_could_reach  # game/ui/approach.py: the plain form of a check inlined in find_approach, its test's reference
numbered_square  # game/ui/patterns.py: a numbered test pattern for the board-layer pictures
door_state  # rules/doors.py: a door's state by its two squares, for the door tests
no_end  # rules/pf1/tables.py: a one-square mover's refused ends, for the tests (a search asks end_ok of end_asked)
rect_gap  # rules/geometry.py: the plain footprint gap the fast pf1 distance is tested against
adjacent  # rules/geometry.py: whether two footprints touch, for the geometry tests
speed_rules  # rules/pf1/speed.py: the rule ids behind a speed, for the speed table tests

# Merged later the same day: read by tests or by pygame.
message_ids  # game/text/i18n.py: every message id of a catalogue, for tests/test_refusal_keys.py
synthetic_pairs  # game/lab/paired_stats.py: seeded Bernoulli pairs for the SPRT calibration in tests/test_paired_stats.py
_.borderless  # game/ui/kiosk/display.py: a pygame Window attribute set to drop the frame on bare X
tap  # game/ui/kiosk/soak.py: a finger tap as SDL delivers it, for tests/test_kiosk_display.py
_.visits  # game/ui/kiosk/visitor.py: how many visitors came, read by tests/test_kiosk_soak.py
expected_score  # game/lab/pairs.py: Elo's expected score, the inverse of elo(), checked by tests/test_pairs.py
seat_gain  # game/lab/pairs.py: a strength's seat-by-seat gain over another, the tournament table's figure (docs/ai.md)
output_opener  # game/storage/atomic.py: the output gate's opener, swapped by tests/output_faults.py to inject ENOSPC, EROFS, EACCES
computed  # game/ui/danger_model.py: how many danger answers were worked out, read by tests/test_danger.py and the bench
_.from_json  # game/lab/game_record.py: reads a record back from its JSON object (the lab's exports and their readers)
_.from_row  # game/lab/game_record.py: a simulate --out row as a record, for the lab's exports (Parquet) and maps
_.draw_by_round_limit  # game/lab/game_record.py: a field of the exported record (a draw the round limit made)

# The palette's fields: game/ui/theme.py's __getattr__ serves each as theme.<FIELD NAME> from the palette in use
# (getattr by name, which vulture cannot follow); the drawing code reads them as theme.TEXT, theme.ACCENT, ….
(
    board_background, panel_edge, muted, disabled, accent, on_accent, warning_fill, handover_background, emblem_plate,
    row_highlight, card_fill, log_fill, tip_fill, refusal_fill, refused_text, button_fill, button_hover,
    button_disabled_fill, disabled_edge, token_edge, hp_empty, hp_full, terrain_fill, terrain_mark, wall_bevel,
    pit_rim, pit_streak, dark_dots, door_line, edge_hampering, edge_blocking, rule_wall_over_picture, overlay_alpha,
    grid_blend, grid_width, band_edge, outline_extra
)
run_sprt  # game/lab/paired_stats.py: Wald's SPRT fed game by game, the calibration driver of tests/test_paired_stats.py
synthetic_seat_pairs  # game/lab/pair_sprt.py: seeded correlated pairs for the calibration in tests/test_pair_sprt.py
languages_read  # game/ui/kiosk/session.py: the languages read at the start, asserted by tests/test_kiosk_memory.py
