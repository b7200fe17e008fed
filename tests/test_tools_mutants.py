"""tools/mutants.py's ``resume``: a mutation run stopped before its end (a session's
end) is taken up again with only what it left: the mutants with no result, or a
timeout from a pause, of the functions asked for."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import mutants

#: ``changed`` reads the core's source as it stands: under mutmut that is the mutated
#: copy (every function a trampoline), so a mutation run's first pass failed here and
#: stopped (``make mutants`` from a fresh clone, 2026-12-08)
reads_the_source = pytest.mark.skipif(
    "MUTANT_UNDER_TEST" in os.environ, reason="mutmut rewrites the code `changed` reads"
)


def test_pending_lists_what_a_stopped_run_left(tmp_path: Path) -> None:
    meta = tmp_path / "mutants" / "src" / "seisan" / "sidebets.py.meta"
    meta.parent.mkdir(parents=True)
    soto = "seisan.sidebets.x_soto__mutmut_"
    codes = {f"{soto}1": 1, f"{soto}2": 0, f"{soto}3": None, f"{soto}4": -24, f"{soto}5": 3,
             "seisan.sidebets.x__tobi__mutmut_1": None, f"{soto}6": 36, f"{soto}7": 33}  # fmt: skip
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")
    assert mutants.pending(tmp_path, [f"{soto}*"]) == [f"{soto}3", f"{soto}4", f"{soto}6"]
    assert len(mutants.pending(tmp_path, [])) == 4  # (and _tobi's, asked for by no pattern)


def test_stop_ends_only_the_run_in_its_folder(tmp_path: Path) -> None:
    """helper-83: ``stop`` ended every mutmut on the machine (``pgrep -f mutmut``),
    another helper's run in its own clone too. Now only those working in its folder."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    for folder in (ours / "mutants", theirs):
        folder.mkdir(parents=True)
    wait = [sys.executable, "-c", "import time; time.sleep(60)", "mutmut"]
    mine = subprocess.Popen(wait, cwd=ours / "mutants")
    other = subprocess.Popen(wait, cwd=theirs)
    try:
        mutants.stop(ours)
        assert mine.wait(timeout=10) == -9  # (killed while frozen)
        assert other.poll() is None
    finally:
        for process in (mine, other):
            process.kill()
            process.wait()


def test_a_result_file_cut_short_is_put_back_from_its_kept_copy(tmp_path: Path) -> None:
    """A mutmut killed while it rewrote its results left ``rules.py.meta`` empty (1,518
    results lost, 2026-12-06): ``stop`` keeps a whole copy first, and ``resume`` puts
    it back over a file that does not read; a whole file is left as it is."""
    folder = tmp_path / "mutants" / "src" / "seisan"
    folder.mkdir(parents=True)
    whole = json.dumps({"exit_code_by_key": {"seisan.rules.x_a__mutmut_1": 1}})
    (folder / "rules.py.meta").write_text("", encoding="utf-8")  # cut short
    (folder / "rules.py.meta.kept").write_text(whole, encoding="utf-8")
    (folder / "uma.py.meta").write_text('{"exit_code_by_key": {}}', encoding="utf-8")
    (folder / "uma.py.meta.kept").write_text(whole, encoding="utf-8")  # older: not used
    assert mutants.restore(tmp_path) == [folder / "rules.py.meta"]
    assert (folder / "rules.py.meta").read_text(encoding="utf-8") == whole
    assert json.loads((folder / "uma.py.meta").read_text(encoding="utf-8")) == {
        "exit_code_by_key": {}
    }
    assert mutants.pending(tmp_path, []) == []  # the one result, read back: killed


@reads_the_source
def test_functions_are_named_as_mutmut_names_them_and_told_apart_by_their_code() -> None:
    """``changed`` compares each function's syntax tree at its module's fresh run and
    now: a comment or a blank line is no change, a changed body is (the machine's
    ``build/`` can be lost with its lists: ``python tools/mutants.py changed`` makes
    them again from git)."""
    cls = "class B:\n    def c(self):\n        return {}\n"
    source = "def a(x):\n    return x + 1\n\n\n" + cls.format(2)
    again = "def a(x):\n    # why\n\n    return x + 1\n\n\n" + cls.format(3)
    before, after = mutants.functions(source), mutants.functions(again)
    assert list(before) == ["x_a", "xǁBǁc"]
    assert before["x_a"] == after["x_a"] and before["xǁBǁc"] != after["xǁBǁc"]
    patterns = mutants.changed({"transfers": "d79d930"}, by_function={})
    assert "seisan.transfers.x_with_first__mutmut_*" in patterns
    assert all(p.startswith("seisan.transfers.x") for p in patterns)


@reads_the_source
def test_functions_mutmut_leaves_alone_are_not_listed() -> None:
    """mutmut makes no mutants of a decorated function (a property's getter, a
    ``cached_property``), only of a ``staticmethod`` or ``classmethod``: ``changed``
    listed ``GamePlay.claim_unused`` (a property) for a run that checks nothing."""
    source = (
        "class B:\n"
        "    @property\n    def p(self):\n        return 1\n"
        "    @cached_property\n    def c(self):\n        return 1\n"
        "    @staticmethod\n    def s():\n        return 1\n"
        "    @classmethod\n    def k(cls):\n        return 1\n"
        "    def m(self):\n        return 1\n"
        "@cache\ndef f():\n    return 1\n"
        "def g():\n    return 1\n"
    )
    assert list(mutants.functions(source)) == ["xǁBǁs", "xǁBǁk", "xǁBǁm", "x_g"]


@reads_the_source
def test_a_function_run_by_function_is_left_out_until_it_changes_again() -> None:
    """A function run by function (:data:`mutants.FUNCTION_RUNS`) is not listed again
    while its code is the code it ran on; changed since, it is."""
    fresh = {"transfers": "d79d930"}
    everything = mutants.changed(fresh, by_function={})
    with_first = "seisan.transfers.x_with_first"
    assert f"{with_first}__mutmut_*" in everything
    # run on today's code: left out
    assert f"{with_first}__mutmut_*" not in mutants.changed(fresh, {with_first: "HEAD"})
    # run on the fresh run's own code, which it has changed since: listed
    assert mutants.changed(fresh, {with_first: "d79d930"}) == everything
