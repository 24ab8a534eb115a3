"""Renderers: draw resolved faces as PDF (reportlab) or SVG (svgwrite), and impose them."""
