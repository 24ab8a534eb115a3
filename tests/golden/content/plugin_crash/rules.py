"""A rules module whose check has a bug."""

from pnpcompiler.content.plugin import Rules

rules = Rules()


@rules.check
def broken(game):
    return [1 / 0]
