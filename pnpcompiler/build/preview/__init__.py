"""The live preview: every face of a game drawn as SVG on a page served on 127.0.0.1, updated
as its files are saved (``pnp preview``). :mod:`.view` lays a game out through the build's
cache into what the page shows; :mod:`.server` serves the page and watches the folders.
"""
