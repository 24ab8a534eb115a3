"""Geometry shared by games: hex grids."""

from __future__ import annotations
