"""Every command of the CLI against a table of bad inputs (tests/bad_inputs.py): each
ends in one error line in the reader's language and exit status 2, never a traceback,
never exit 0. Run as users run it: through the console script's ``main``."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from bad_inputs import CASES, FILES, FOLDERS

from seisan.cli import main

PREFIX = {"en": "seisan: error: ", "ja": "seisan: エラー: ", "ko": "seisan: 오류: "}
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("bad")
    for name, content in FILES.items():
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (where / name).write_bytes(data)
    for name in FOLDERS:
        (where / name).mkdir()
    (where / "adir" / "x.txt").write_text("x", encoding="utf-8")
    return where


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> tuple[int, str, str]:  # fmt: skip
    monkeypatch.setattr(sys, "argv", ["seisan", *args])
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("LANG", "C")
    with pytest.raises(SystemExit) as stop:
        main()
    captured = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), captured.out, captured.err


def test_the_table_is_large_enough() -> None:
    """At least the 210 classes of bad input the review tried."""
    assert len(CASES) >= 210
    assert len({name for name, _args, _fragment in CASES}) == len(CASES)


@pytest.mark.parametrize(("args", "fragment"), [(a, f) for _n, a, f in CASES],
                         ids=[n for n, _a, _f in CASES])  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_bad_input_is_one_line_in_the_readers_language(
    args: list[str], fragment: str, lang: str, folder: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    given = [a.replace("{d}", str(folder)) for a in args]
    if "--lang" in given and lang != "en":
        pytest.skip("the case is about --lang itself")
    asked = [] if "--lang" in given else ["--lang", lang]
    code, _out, err = run([*given, *asked], monkeypatch, capsys)
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert lines and lines[0].startswith(PREFIX[lang]), err
    if args[0] not in ("import", "stats"):  # these name each file they could not read
        assert len(lines) == 1, err
    if fragment and lang == "en":
        assert fragment in err
    if lang != "en":
        said = lines[0].removeprefix(PREFIX[lang]).replace(str(folder), "")
        assert CJK.search(said), f"not in {lang}: {said}"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--help", "--lang", "ja"], ["使い方: seisan [オプション] コマンド [引数]...",
                                      "オプション:", "コマンド:",
                                      "このヘルプを表示して終了します。"]),
        (["settle", "--help", "--lang", "ko"], ["사용법: seisan settle [옵션]", "인수:", "[필수]",
                                                 "<문자열>", "[기본값: 0]"]),
        (["--lang", "ja", "rules", "show", "--help"], ["使い方:", "[必須]"]),
    ],
)  # fmt: skip
def test_help_is_in_the_readers_language(
    args: list[str], words: list[str], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Issue 16: Click's own headings too (Usage:, Options, [required]); `seisan --help
    --lang ja` was an error."""
    code, out, err = run(args, monkeypatch, capsys)
    assert code == 0, err
    for word in words:
        assert word in out, word
    assert "Usage:" not in out and "Options" not in out and "[required]" not in out
