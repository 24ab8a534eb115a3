"""pnpcompiler: tabletop game content as YAML, validated, built into print-and-play kits."""

__version__ = "0.1.0"
