"""Records written by bots and the simulator, as YAML a person can read: each game says which
mappings and lists go on one line (a move, a check), the rest are blocks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml


def record_dumper(one_line: Callable[[dict[str, Any]], bool],
                  one_line_list: Callable[[list[Any]], bool] | None = None,
                  quoted: Callable[[str], bool] | None = None) -> type[yaml.SafeDumper]:
    """Return a YAML dumper that writes a mapping (and, with ``one_line_list``, a list) on one
    line when the game's rule says so, and (with ``quoted``) the strings it names in double
    quotes (hex names and times, which YAML would read back as numbers)."""

    class RecordDumper(yaml.SafeDumper):
        """Writes a game's records."""

    def mapping(dumper: yaml.SafeDumper, value: dict[str, Any]) -> yaml.Node:
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(),
                                        flow_style=one_line(value))

    RecordDumper.add_representer(dict, mapping)
    if one_line_list is not None:
        def sequence(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
            return dumper.represent_sequence("tag:yaml.org,2002:seq", value,
                                             flow_style=one_line_list(value))

        RecordDumper.add_representer(list, sequence)
    if quoted is not None:
        def text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
            return dumper.represent_scalar("tag:yaml.org,2002:str", value,
                                           style='"' if quoted(value) else None)

        RecordDumper.add_representer(str, text)
    return RecordDumper


def dump_record(record: Any, header: str, dumper: type[yaml.SafeDumper]) -> str:
    """Return a record as the YAML a record file holds, after a header of comments."""
    return header + yaml.dump(record, Dumper=dumper, sort_keys=False, width=100)
