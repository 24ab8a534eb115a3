"""The Air Cargo referee: replays a full flight log (``replay``), checks a filled-in Pilot Log
(``sheet``), and draws a replayed game on the map (``trace``).

The modules are imported when a record is refereed (the game registers them with
``plugin.deferred``), never by validation or builds.
"""
