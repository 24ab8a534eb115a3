"""``python -m pnpcompiler`` runs the ``pnp`` command."""

from .app.cli import run

run()
