"""The Rushing Tin referee: replays a recorded shift (``replay``) or checks a filled-in Sector
Log (``sheet``), and draws the board at the end of a turn (``snapshot``).

The modules are imported when a record is refereed (the game registers them with
``plugin.deferred``), never by validation or builds.
"""
