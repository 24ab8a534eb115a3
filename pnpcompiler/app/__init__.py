"""Layer 6, app: the ``pnp`` command line and the game scaffold it writes."""
