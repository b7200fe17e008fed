"""tools/mutants.py's ``resume``: a mutation run stopped before its end (a session's
end) is taken up again with only what it left: the mutants with no result, or a
timeout from a pause, of the functions asked for."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import mutants


def test_pending_lists_what_a_stopped_run_left(tmp_path: Path) -> None:
    meta = tmp_path / "mutants" / "src" / "seisan" / "sidebets.py.meta"
    meta.parent.mkdir(parents=True)
    soto = "seisan.sidebets.x_soto__mutmut_"
    codes = {f"{soto}1": 1, f"{soto}2": 0, f"{soto}3": None, f"{soto}4": -24, f"{soto}5": 3,
             "seisan.sidebets.x__tobi__mutmut_1": None, f"{soto}6": 36, f"{soto}7": 33}  # fmt: skip
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")
    assert mutants.pending(tmp_path, [f"{soto}*"]) == [f"{soto}3", f"{soto}4", f"{soto}6"]
    assert len(mutants.pending(tmp_path, [])) == 4  # (and _tobi's, asked for by no pattern)
