"""The match and its esper world: the match's state and the moments undo and replays restore, the turn order, the
history, the components and the systems that write the state into them, and the reach cache the board, the
previews and the computer share.

May import rules, game.levels, game.text, game.storage and game's top-level modules; never the computer
player, saved files, the lab, the window or the command line.
"""
