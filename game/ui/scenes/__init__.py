"""The screens of the game window: battle, hand-over, victory, level menu, error."""
