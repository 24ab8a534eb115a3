"""``python -m pnpcompiler`` runs the ``pnp`` command."""

from .cli import run

run()
