"""Layer 5, build: the build orchestrator, its outputs and the build cache."""
