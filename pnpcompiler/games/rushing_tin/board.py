"""The sector map as a board: one layout face at print scale, for SVG and PDF alike."""

from __future__ import annotations
