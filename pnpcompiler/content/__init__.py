"""Layer 2, content: a game's manifest, the generic component kinds, the plug-in API, rule
checks, pictures and fonts, the loaded project, its export and JSON Schemas, and the map from
rulebook to checks. Imports only the core."""
