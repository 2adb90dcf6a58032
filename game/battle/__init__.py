"""The match and its esper world: components, the systems that apply a ruling's effects, the turn order, the
history, and the reach cache the board, the previews and the computer share.

May import rules, game.levels, game.text, game.storage and game's top-level modules; never the computer
player, saved files, the lab, the window or the command line.
"""
