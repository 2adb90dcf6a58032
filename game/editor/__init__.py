"""The level editor's model, without pygame: the document, edits as undoable commands, live validation through
the loader, saving with an autosave side file, and what a square costs under each ruleset (docs/editor.md).

May import rules, game.battle, game.levels, game.text and the packages below them; never the window."""
