"""Layer 1, core: findings, the position-keeping YAML loader, the base model and document
validation, units, hex-grid and point-map geometry and atomic file writes. Imports nothing
else of the package."""
