"""The games that ship with pnpcompiler, each a plug-in named by its content's game.yaml."""
