"""The command line: every command of docs/commands.md, its options, help and the checks made before work starts.

May import every game package (it builds the window's options and starts it); only the launcher (game.splash)
imports it.
"""
