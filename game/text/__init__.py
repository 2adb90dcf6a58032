"""What players read: message catalogues and their reader, grammar, numbers, the rule catalogue, the names of
units and art, and the texts the commands and the hover card share.

May import rules, game.storage, game.paths and game.context (the language in use); the other game packages import it.
"""
