"""A rules module whose check has a bug."""

from pnpcompiler.plugin import Rules

rules = Rules()


@rules.check
def broken(game):
    return [1 / 0]
