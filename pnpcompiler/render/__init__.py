"""Layer 4, render: laid-out faces drawn as PDF (reportlab), SVG (svgwrite) and PNG."""
