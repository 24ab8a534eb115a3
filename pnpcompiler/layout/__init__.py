"""Layer 3, layout: faces in millimetres, templates, text fitting, forms, imposition on
paper and the drawing toolkit for boards. Imports only core and content."""
