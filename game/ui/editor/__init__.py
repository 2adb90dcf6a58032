"""The level editor's window (pygame): its scene, panel, fields and drawing; the model it edits is game/editor/."""
