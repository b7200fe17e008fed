"""A table of bad inputs for every command of the CLI (points, names, options, files,
output paths): each must end in one error line in the reader's language and exit 2."""

from __future__ import annotations

import gzip

FOUR = ["40000", "30000", "20000", "10000"]
ML = [*FOUR, "-r", "mleague"]

# files the cases below refer to as {d}/name
#: a game record's start: four players and one hand (a draw)
RECORD = (
    '{"rules": "tenhou", "players": ["A", "B", "C", "D"], '
    '"hands": [{"result": "draw", "tenpai": []}], '
)
FILES: dict[str, str | bytes] = {
    "empty.toml": "",
    "syntax.toml": "title = \n[[games]\n",
    "nogames.toml": 'title = "x"\nrules = "mleague"\n',
    "badpoints.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    'points = [40000, 30000, 20000, "x"]\n',
    "shortpoints.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    "points = [40000, 30000, 20000]\n",
    "total.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    "points = [40000, 30000, 20000, 20000]\n",
    "dupname.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","A","C","D"]\n'
    "points = [40000, 30000, 20000, 10000]\n",
    "unknownkey.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    "points = [40000, 30000, 20000, 10000]\nchip = { A = 1, B = -1 }\n",
    "badrules.toml": 'rules = "nosuch"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    "points = [40000, 30000, 20000, 10000]\n",
    "badsashi.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    'points = [40000, 30000, 20000, 10000]\nsashi = ["A:Z:10000"]\n',
    "badchips.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    "points = [40000, 30000, 20000, 10000]\nchips = { A = 1, B = 1 }\n",
    "badsoto.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    'points = [40000, 30000, 20000, 10000]\nsoto = { A = "B" }\n',
    "games_not_list.toml": 'rules = "mleague"\ngames = 3\n',
    "players_not_list.toml": 'rules = "mleague"\n[[games]]\nplayers = "A"\n'
    "points = [40000, 30000, 20000, 10000]\n",
    "binary.toml": b"\xff\xfe\x00\x01",
    "empty.json": "",
    "syntax.json": "{",
    "list.json": "[1, 2]",
    "nohands.json": '{"rules": "tenhou", "players": ["A","B","C","D"]}',
    "badround.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "Z9", "result": "draw", "tenpai": []}]}',
    "badwinner.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "tsumo", "wins": [{"winner": "Q", "han": 1, "fu": 30}]}]}',
    "badhan.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "tsumo", "wins": [{"winner": "A", "han": 0, "fu": 30}]}]}',
    "badfu.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "tsumo", "wins": [{"winner": "A", "han": 1, "fu": 33}]}]}',
    "badresult.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "win"}]}',
    # a record naming someone not at the table in each of its seat fields
    "badfrom.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "ron", "from": "Q", "wins": [{"winner": "A", "han": 1, '
    '"fu": 30}]}]}',
    "badpao.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "tsumo", "wins": [{"winner": "A", "yakuman": 1, "pao": "Q"}]}]}',
    "baddaiminkan.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "tsumo", "wins": [{"winner": "A", "han": 1, "fu": 30, '
    '"daiminkan": "Q"}]}]}',
    "badchombo.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "chombo", "player": "Q"}]}',
    "badpenalty.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "draw", "tenpai": []}], "penalties": ["Q:10"]}',
    "badsubstitute.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "draw", "tenpai": []}], "substitute": "Q:Sub"}',
    "ronnofrom.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "ron", "wins": [{"winner": "A", "han": 1, "fu": 30}]}]}',
    "ronself.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "ron", "from": "A", "wins": [{"winner": "A", "han": 1, '
    '"fu": 30}]}]}',
    "badtenpai.json": '{"rules": "tenhou", "players": ["A","B","C","D"], "hands": '
    '[{"round": "E1", "result": "draw", "tenpai": ["Q"]}]}',
    "twoplayers.json": '{"rules": "tenhou", "players": ["A","B"], "hands": []}',
    "headeronly.csv": "p0,p1,p2,p3\n",
    "emptyfile.csv": "",
    "textpoints.csv": "p0,p1,p2,p3\nx,30000,20000,10000\n",
    "floatpoints.csv": "p0,p1,p2,p3\n40000.5,30000,20000,9999.5\n",
    "total.csv": "p0,p1,p2,p3\n40000,30000,20000,20000\n",
    "nullpoints.csv": "p0,p1,p2,p3\n,,,\n",
    "wrongcols.csv": "a,b,c,d\n40000,30000,20000,10000\n",
    "one.csv": "p0,p1,p2,p3\n40000,30000,20000,10000\n",
    "unit.csv": "p0,p1,p2,p3\n40050,29950,20000,10000\n",
    "baddeposits.csv": "p0,p1,p2,p3,deposits\n40000,30000,20000,9000,x\n",
    "negdeposits.csv": "p0,p1,p2,p3,deposits\n40000,30000,20000,10000,-1\n",
    "session_empty.csv": "",
    "session_header.csv": "game,seats,A,B,C,D\n",
    "session_bad.csv": "game,seats,A,B,C,D\n1,A;B;C;D,40000,30000,20000,x\n",
    "session_seats.csv": "game,seats,A,B,C,D\n1,A;B;C,40000,30000,20000,10000\n",
    "bad.mjlog": '<mjloggm ver="2.3"><GO type="169"/>',
    "garbage.mjlog": "not xml at all",
    "bad.mjlog.gz": gzip.compress(b"<mjloggm>"),
    "notgzip.gz": "plain text",
    "tenhou6.json": '{"title": ["x"], "name": ["A"], "rule": {}, "log": [[]]}',
    "existing.csv": "already here\n",
    "existing.parquet": "already here\n",
    "rules_bad.toml": 'uma = "10-"\n',
    "rules_unknown.toml": "bogus = 1\n",
    "rules_extends.toml": 'extends = "nosuch"\n',
    "rules_players.toml": "players = 5\n",
    "rules_start.toml": 'start = "abc"\n',
    "rules_side.toml": "[side]\nbinta = -5\n",
    "rules_money.toml": '[money]\nrate = "abc"\n',
    "rules_fee.toml": 'extends = "tenhou"\n[money]\nfee = 500\n',  # a fee with no rate
    # what does nothing without what it qualifies: money's parts with no rate, the lines
    # of 沈みウマ and 飛び賞 with neither
    "rules_currency.toml": 'extends = "tenhou"\n[money]\ncurrency = "円"\n',
    "rules_line.toml": 'extends = "tenhou"\n[side]\nshizumi_line = 20000\n',
    "rules_zero.toml": 'extends = "tenhou"\n[side]\ntobi_at_zero = true\n',
    "rules_gorin.toml": 'extends = "tenhou"\n[scoring]\nsystem = "gorin"\nkiriage = true\n',
    # past Python's own limits (a number of over 4300 digits, lists nested past its
    # stack): the parsers raise ValueError and RecursionError, not their syntax errors
    "rules_digits.toml": "start = " + "9" * 5000 + "\n",
    "rules_exponent.toml": 'extends = "tenhou"\numa = [1e10000000, 10, -10, -20]\n',
    "rules_deep.toml": "a = " + "[" * 2000 + "]" * 2000 + "\n",
    "digits.toml": 'rules = "mleague"\n[[games]]\nplayers = ["A","B","C","D"]\n'
    "points = [" + "9" * 5000 + ", 30000, 20000, 10000]\n",
    "digits.json": '{"players": [' + "9" * 5000 + "]}",
    "deep.json": "[" * 100000 + "]" * 100000,
    "deep6.json": '{"log": ' + "[" * 100000 + "]" * 100000 + "}",
    "digits6.json": '{"name": ["A","B","C","D"], "log": [[' + "9" * 5000 + "]]}",
    "digits.mjson": '{"type":"start_game","names":["a","b","c","d"],"x":' + "9" * 5000 + "}\n",
    "deep.mjson": "[" * 100000 + "]" * 100000 + "\n",
    # the second CLI audit of 2026-12-05: each was a traceback or accepted in silence
    "unit_float.toml": 'extends = "tenhou"\npoints_unit = 100.0\n',
    "unit_bool.toml": 'extends = "tenhou"\npoints_unit = true\n',
    "sub_huge.toml": 'extends = "ema"\n[penalties]\nsubstitute = "fixed"\n'
    "substitute_points = 9000000000000000000\n",
    "binta_twice.toml": 'extends = "tenhou"\n[side]\nbinta = 1000\n'
    'binta_pairs = ["Ana:Ben:1000", "Ben:Ana:2000"]\n',
    "sashi_nested.toml": 'extends = "tenhou"\n[side]\nsashi = [[["Ana"], "Ben", 1000]]\n',
    "title_escape.toml": 'extends = "tenhou"\ntitle = "Club\\u001b]0;x\\u0007"\n',
    "chips_huge.toml": 'rules = {extends = "tenhou", side = {chip_value = 2}}\n[[games]]\n'
    'players = ["A","B","C","D"]\npoints = [40000, 30000, 20000, 10000]\n'
    "chips = { A = 1000000000000000000000000000000, B = -1000000000000000000000000000000 }\n",
    "dupkey.json": '{"rules": "mleague", "games": [{"players": ["A", "B", "C", "D"], '
    '"points": [40000, 30000, 20000, 10000], "points": [25000, 25000, 25000, 25000]}]}',
    "label_table.json": '{"rules": "mleague", "games": [{"players": ["A", "B", "C", "D"], '
    '"points": [40000, 30000, 20000, 10000], "label": {"a": 1}}]}',
    "label_escape.json": '{"rules": "mleague", "games": [{"players": ["A", "B", "C", "D"], '
    '"points": [40000, 30000, 20000, 10000], "label": "hanchan\\u001b[2J 2"}]}',
    "title_escape.json": '{"rules": "mleague", "title": "T\\u001b]0;x\\u0007", "games": '
    '[{"players": ["A", "B", "C", "D"], "points": [40000, 30000, 20000, 10000]}]}',
    "penalty_hand.json": RECORD + '"penalties": [{"player": "C", "pt": 5, "hand": 999}]}',
    "penalty_hand_bool.json": RECORD + '"penalties": [{"player": "C", "pt": 5, "hand": true}]}',
    "honba_huge.json": '{"rules": "tenhou", "players": ["A", "B", "C", "D"], '
    '"hands": [{"result": "draw", "tenpai": [], "honba": 100000000000000000000}]}',
    "sub_escape.json": RECORD + '"substitute": {"seat": "D", "by": "E\\u001b[2Jve"}}',
    "sub_house.json": RECORD + '"substitute": {"seat": "D", "by": "House"}}',
    "no_result.json": '{"rules": "tenhou", "players": ["A", "B", "C", "D"], '
    '"hands": [{"round": "E1"}]}',
}
FILES["chips_twice.csv"] = "A,B,C,D,chips,chips\n40000,30000,20000,10000,A:1;B:-1,C:5;D:-5\n"
FILES["penalty_nobody.toml"] = (
    'rules = "mleague"\npenalties = ["Zed:5"]\n[[games]]\n'
    'players = ["A","B","C","D"]\npoints = [40000, 30000, 20000, 10000]\n'
)
FOLDERS = ("emptydir", "adir")

# (id, args, a fragment the error must contain, or "")
CASES: list[tuple[str, list[str], str]] = []


def case(name: str, args: list[str], fragment: str = "") -> None:
    CASES.append((name, args, fragment))


# -- settle: points ----------------------------------------------------------------------
for i, bad in enumerate(["x", "", "1.5", "3e4", "40,00,0", "1,2", "0x10", "NaN", "inf", "∞",
                         "30000.0", "10" * 12, "-", "+", "▲", "3万", "30000点点", "１．５",
                         "4 0 0 0 0", "--", "40000-"]):  # fmt: skip
    case(f"settle-points-{i}", ["settle", bad, "30000", "20000", "10000", "-r", "mleague"])
case("settle-one-score", ["settle", "100000", "-r", "mleague"])
case("settle-two-scores", ["settle", "50000", "50000"])
case("settle-five", ["settle", *FOUR, "0"], "4 or 3")
case("settle-six-ja", ["settle", *FOUR, "0", "0"])
case("settle-total", ["settle", "40000", "30000", "20000", "20000", "-r", "mleague"])
case("settle-unit", ["settle", "40050", "29950", "20000", "10000", "-r", "tenhou"])
case("settle-3p-4scores", ["settle", *FOUR, "-r", "tenhou-sanma"])
case("settle-players-2", ["settle", "50000", "50000", "--players", "2"])
case("settle-players-5", ["settle", *FOUR, "--players", "5"])
case("settle-deposits-neg", [*["settle"], *ML, "--deposits", "-1"])
case("settle-deposits-too-many", ["settle", *FOUR, "-r", "mleague", "--deposits", "3"])
# -- settle: names -----------------------------------------------------------------------
for i, names in enumerate(["A,B,C", "A,B,C,D,E", "A,A,C,D", "A,a,C,D", "A,,C,D", "A,B,C,\t",
                           "A\nB,C,D,E", "A,B,C,D\x00"]):  # fmt: skip
    case(f"settle-names-{i}", ["settle", *ML, "--names", names])
# -- settle: options ---------------------------------------------------------------------
NUMERIC = ["--start", "--return-points", "--sou-uma", "--sou-bashin", "--binta", "--shizumi",
           "--tobi", "--yakitori", "--rate"]  # fmt: skip
for option in NUMERIC:
    for j, value in enumerate(["abc", "-5", "1e3", ""]):
        if not (option == "--rate" and value == "1e3"):  # a rate of 1000 a pt
            case(f"settle{option}-{j}", ["settle", *ML, option, value])
for option, value in [("--uma", "10-"), ("--uma", "a-b"), ("--uma", "10,20"),
                      ("--uma", "10-30-50"), ("--rounding", "often"), ("--ties", "coin"),
                      ("--rules", ""), ("--rules", "nosuch"), ("--rules", "{d}/rules_bad.toml"),
                      ("--rules", "{d}/rules_unknown.toml"), ("--rules", "{d}/rules_extends.toml"),
                      ("--rules", "{d}/rules_players.toml"), ("--rules", "{d}/rules_start.toml"),
                      ("--rules", "{d}/rules_side.toml"), ("--rules", "{d}/rules_money.toml"),
                      ("--rules", "{d}/rules_digits.toml"), ("--rules", "{d}/rules_deep.toml"),
                      ("--rules", "{d}/missing.toml"), ("--rules", "{d}/adir"),
                      ("--format", "xml"), ("--lang", "fr"), ("--ledger", "most"),
                      ("--bogus", "1"), ("--fee-payer", "nobody"), ("--binta", "0"),
                      ("--sou-uma", "0"), ("--tobi", "0"), ("--currency", ""),
                      ("--currency", "円"), ("--unit", "10"), ("--fee", "100"),
                      ("--kubi", "20000"), ("--shizumi-line", "30000"),
                      ("--chip-value", "2"), ("--soto-pool", "1000"),
                      ("--winners", "A")]:  # fmt: skip
    case(f"settle{option}={value}", ["settle", *ML, option, value])
for option, value in [("--sashi", "0:1"), ("--sashi", "0:0:10000"), ("--sashi", "0:9:10000"),
                      ("--sashi", "A:B:10000"), ("--sashi", "0:1:x"), ("--sashi", "0:1:-5"),
                      ("--bashin", "0:1"), ("--bashin", "0:1:0"), ("--binta-pair", "0:1"),
                      ("--binta-pair", "0:0:100"), ("--soto", "Eve"), ("--soto", "Eve:Zed"),
                      ("--soto", ":0"), ("--soto", "  :0"), ("--pool", "Eve:0"),
                      ("--chips", "1,1,1,1"), ("--chips", "1,-1"), ("--chips", "a,b,c,d"),
                      ("--chips", "1.5,-1.5,0,0"), ("--busted", "0:1"), ("--busted", "3"),
                      ("--penalty", "East"), ("--penalty", "Zed:20"), ("--penalty", "East:x"),
                      ("--chombo", "Zed"), ("--substitute", "East"),
                      ("--substitute", "Zed:Sub"), ("--substitute", "East:South")]:  # fmt: skip
    case(f"settle{option}={value}", ["settle", *ML, option, value])
case("settle-soto-player", ["settle", *ML, "--names", "A,B,C,D", "--soto", "A:B"])
# the house's own name in the ledgers, as a player's or a spectator's (a balance of theirs
# would merge with the house's: once a traceback, before that wrong totals)
case("settle-names-house", ["settle", *ML, "--names", "A,B,C,house", "--penalty", "C:20"],
     "house's name")  # fmt: skip
case("settle-names-House", ["settle", *ML, "--names", "A,B,C, House "], "house's name")
case("settle-soto-house", ["settle", *ML, "--soto", "HOUSE:East"], "house's name")
# and its word in the other languages the ledgers are read in (helper-87's review: a
# player 店 read in Japanese had been “店 → 店” in the ledger)
case("settle-names-mise", ["settle", *ML, "--names", "店,B,C,D"], "house's name")
case("settle-soto-gage", ["settle", *ML, "--soto", "가게:East"], "house's name")
case("settle-substitute-gage", ["settle", *ML, "--substitute", "East: 가게 "], "house's name")
case("settle-chips-novalue", ["settle", *ML, "--chips", "1,-1,0,0"])
case("settle-busted-not-bust", ["settle", *ML, "--tobi", "10000", "--busted", "3:0"])
case("settle-busted-twice", ["settle", "40000", "40000", "30000", "-10000", "-r", "mleague",
                             "--tobi", "10000", "--busted", "3:0", "--busted", "3:1"])  # fmt: skip
case("settle-yakitori-nowinners", ["settle", *ML, "--yakitori", "1000"])
case("settle-yakitori-badwinner", ["settle", *ML, "--yakitori", "1000", "--winners", "Zed"])
case("settle-pool-noamount", ["settle", *ML, "--pool", "Eve:0", "--pool", "Fay:1"])
# a pool of one bets against nobody (helper-87's review: settled at 0 in silence)
case("settle-pool-one", ["settle", *ML, "--pool", "Eve:0", "--soto-pool", "100"], "nobody")
case("settle-rate-bad", ["settle", *ML, "--rate", "1/0"])
HUGE = "9" * 5000  # past the digits Python writes out: named shortened, never a traceback
for option in ["--rate", "--unit", "--fee", "--chip-value", "--sou-uma", "--start", "--kubi"]:
    case(f"settle-huge{option}", ["settle", *ML, option, HUGE], "99999… (5000 digits)")
# an exponent past any amount: refused at once (a Fraction of it takes a minute to make)
case("settle-rate-exponent", ["settle", *ML, "--rate", "1e10000000"], "(10000001 digits)")
case("settle-rate-tiny", ["settle", *ML, "--rate", "1e-10000000"], "≈0")
case(
    "settle-rules-exponent",
    ["settle", *FOUR, "--rules", "{d}/rules_exponent.toml"],
    "uma[0] = 10000… (10000001 digits)",
)
# a start above the return points it keeps: the start named, not the return never written
case(
    "settle-start-above-return",
    ["settle", *ML, "--start", "35000"],
    "start = 35000: is above the return points (30000): give the return points too",
)
case("settle-unit-zero", ["settle", *ML, "--rate", "100", "--unit", "0"])
case("settle-fee-neg", ["settle", *ML, "--rate", "100", "--fee", "-1"])
# -- session -----------------------------------------------------------------------------
for name in ["empty.toml", "syntax.toml", "nogames.toml", "badpoints.toml", "shortpoints.toml",
             "total.toml", "dupname.toml", "unknownkey.toml", "badrules.toml", "badsashi.toml",
             "badchips.toml", "badsoto.toml", "games_not_list.toml", "players_not_list.toml",
             "binary.toml", "session_empty.csv", "session_header.csv", "session_bad.csv",
             "session_seats.csv", "missing.toml", "adir", "empty.json", "syntax.json",
             "list.json", "notes.txt", "digits.toml", "digits.json", "deep.json"]:  # fmt: skip
    case(f"session-{name}", ["session", "{d}/" + name])
case("session-rules", ["session", "examples/friday.toml", "-r", "nosuch"])
case("session-rate", ["session", "examples/friday.toml", "--rate", "abc"])
case("session-unit-norate", ["session", "examples/points.csv", "--unit", "10"])
case(
    "session-fee-norate",
    ["session", "examples/points.csv", "-r", "{d}/rules_fee.toml"],
    "money.fee",
)
case("settle-fee-norate", ["settle", *FOUR, "-r", "{d}/rules_fee.toml"], "money.fee")
case("game-fee-norate", ["game", "examples/game.json", "-r", "{d}/rules_fee.toml"], "money.fee")
for name, field in [("currency", "money.currency"), ("line", "side.shizumi_line"),
                    ("zero", "side.tobi_at_zero")]:  # fmt: skip
    case(f"settle-{name}-idle", ["settle", *FOUR, "-r", f"{{d}}/rules_{name}.toml"], field)
    case(f"session-{name}-idle", ["session", "examples/points.csv", "-r",
                                  f"{{d}}/rules_{name}.toml"], field)  # fmt: skip
case("game-currency-idle", ["game", "examples/game.json", "-r", "{d}/rules_currency.toml"],
     "money.currency")  # fmt: skip
case("session-ledger", ["session", "examples/friday.toml", "--ledger", "most"])
# -- game --------------------------------------------------------------------------------
for name in ["empty.json", "syntax.json", "list.json", "nohands.json", "badround.json",
             "badwinner.json", "badhan.json", "badfu.json", "badresult.json", "ronnofrom.json",
             "ronself.json", "badtenpai.json", "twoplayers.json", "missing.json", "adir",
             "empty.toml", "digits.json", "deep.json"]:  # fmt: skip
    case(f"game-{name}", ["game", "{d}/" + name])
for name, said in [("badfrom.json", "hand 1: from: “Q”"), ("badpao.json", "hand 1: pao: “Q”"),
                   ("baddaiminkan.json", "hand 1: daiminkan: “Q”"),
                   ("badchombo.json", "hand 1: player: “Q”"), ("badpenalty.json", "penalties: “Q”"),
                   ("badsubstitute.json", "substitute: “Q”")]:  # fmt: skip
    case(f"game-{name}", ["game", "{d}/" + name], said)
case("game-rules", ["game", "examples/game.json", "-r", "nosuch"])
# -- hand --------------------------------------------------------------------------------
for i, args in enumerate([
    [], ["--han", "0", "--fu", "30"], ["--han", "-1", "--fu", "30"],
    ["--han", "99999999999999999999", "--fu", "30"], ["--han", "3", "--fu", "33"],
    ["--han", "3", "--fu", "120"], ["--han", "3", "--fu", "x"], ["--han", "x"],
    ["--yakuman", "7"], ["--yakuman", "-1"], ["--yakuman", "2", "--no-double-yakuman"],
    ["--han", "3", "--yakuman", "1"], ["--ankan", "5", "--han", "1", "--system", "30fu"],
    ["--ankan", "1", "--han", "1", "--fu", "30"], ["--tiles", "123m"],
    ["--tiles", "234m567p11s345678s"], ["--win", "8s"],
    ["--tiles", "234m567p11s345678s", "--win", "9s"],
    ["--tiles", "234m567p11s345678x", "--win", "8s"],
    ["--tiles", "1111m567p11s345678s", "--win", "8s"],
    ["--tiles", "234m567p11s345678s", "--win", "8s", "--han", "3"],
    ["--han", "3", "--fu", "30", "--system", "nosuch"],
    ["--han", "3", "--fu", "30", "--kazoe", "never"],
    ["--han", "3", "--fu", "30", "--players", "5"],
    ["--han", "3", "--fu", "30", "--sanma", "loss"],
    ["--han", "3", "--fu", "30", "--honba", "-1"],
    ["--han", "3", "--fu", "30", "--variant"],
    ["--han", "3", "--fu", "30", "--system", "30fu", "--kiriage"],
    ["--han", "3", "--fu", "30", "--rules", "nosuch"],
    ["--tiles", "234m567p11s345678s", "--win", "8s", "--seat-wind", "X"],
    ["--tiles", "234m567p11s345678s", "--win", "8s", "--dora", "0z"],
    ["--tiles", "234m567p11s345678s", "--win", "8s", "--meld", "chi:135m"],
    ["--tiles", "234m567p11s345678s", "--win", "8s", "--meld", "bogus"],
]):  # fmt: skip
    case(f"hand-{i}", ["hand", *args])
# -- rules -------------------------------------------------------------------------------
case("rules-show-unknown", ["rules", "show", "nosuch"])
case("rules-show-file", ["rules", "show", "{d}/rules_bad.toml"])
case("rules-show-missing", ["rules", "show", "{d}/missing.toml"])
case("rules-show-empty-name", ["rules", "show", ""])
case("rules-list-format", ["rules", "list", "--format", "xml"])
case("rules-unknown-command", ["rules", "frob"])
case("unknown-command", ["frob"])
# -- bulk --------------------------------------------------------------------------------
for name in ["headeronly.csv", "emptyfile.csv", "textpoints.csv", "floatpoints.csv",
             "total.csv", "nullpoints.csv", "wrongcols.csv", "unit.csv", "baddeposits.csv",
             "negdeposits.csv", "missing.csv", "adir", "empty.toml"]:  # fmt: skip
    case(f"bulk-settle-{name}", ["bulk", "settle", "{d}/" + name, "-o", "{d}/out.csv", "-r",
                                 "tenhou"])  # fmt: skip
    case(f"bulk-summary-{name}", ["bulk", "summary", "{d}/" + name, "-r", "tenhou"])
for i, extra in enumerate([["--batch-size", "0"], ["--batch-size", "-5"], ["-r", "nosuch"],
                           ["--compare", "tenhou-sanma"], ["--columns", "a,b"],
                           ["--columns", "p0,p1,p2,p9"], ["--deposits", "nosuch"]]):  # fmt: skip
    base = ["-r", "tenhou"] if "-r" not in extra else []
    case(f"bulk-settle-opt-{i}", ["bulk", "settle", "{d}/one.csv", "-o", "{d}/o{i}.csv", *base,
                                  *extra])  # fmt: skip
    case(f"bulk-summary-opt-{i}", ["bulk", "summary", "{d}/one.csv", *base, *extra])
# -- output paths ------------------------------------------------------------------------
for i, target in enumerate(
    [
        "{d}/nodir/out.csv",
        "{d}/adir",
        "{d}/existing.csv",
        "{d}/one.csv/out.csv",
        "/proc/seisan-out.csv",
        "{d}/one.txt",
    ]
):
    case(f"bulk-output-{i}", ["bulk", "settle", "{d}/one.csv", "-o", target, "-r", "tenhou"])
case("bulk-output-same", ["bulk", "settle", "{d}/one.csv", "-o", "{d}/one.csv", "-r", "tenhou"])
for i, target in enumerate(["{d}/existing.csv", "{d}/one.csv/x", "/proc/seisan-logs"]):
    case(f"import-output-{i}", ["import", "tenhou", "{d}/bad.mjlog", "-o", target])
for i, target in enumerate(["{d}/nodir/x.parquet", "{d}/adir", "{d}/existing.parquet",
                            "{d}/one.csv/x.parquet", "/proc/seisan.parquet"]):  # fmt: skip
    case(f"stats-output-{i}", ["stats", "examples/game.json", "-o", target])
# -- import and stats --------------------------------------------------------------------
for name in ["emptydir", "bad.mjlog", "garbage.mjlog", "bad.mjlog.gz", "notgzip.gz",
             "tenhou6.json", "missing.mjlog", "empty.json"]:  # fmt: skip
    case(f"import-{name}", ["import", "tenhou", "{d}/" + name, "-o", "{d}/imported"])
    case(f"stats-{name}", ["stats", "{d}/" + name])
case("import-rules", ["import", "tenhou", "{d}/bad.mjlog", "-o", "{d}/imp2", "-r", "nosuch"])
# rules the records would keep that do nothing (helper-55: the records were then refused)
case("import-rules-idle", ["import", "tenhou", "tests/data/tenhou", "-o", "{d}/imp3", "-r",
                           "{d}/rules_zero.toml"], "side.tobi_at_zero")  # fmt: skip
case("bulk-rules-idle", ["bulk", "settle", "{d}/one.csv", "-o", "{d}/idle.csv", "-r",
                         "{d}/rules_line.toml"], "side.shizumi_line")  # fmt: skip
case("hand-rules-idle", ["hand", "--han", "4", "-r", "{d}/rules_gorin.toml"], "scoring.kiriage")
for reader, name in [("tenhou", "digits6.json"), ("tenhou", "deep6.json"),
                     ("majsoul", "digits6.json"), ("majsoul", "deep6.json"),
                     ("mjai", "digits.mjson"), ("mjai", "deep.mjson")]:  # fmt: skip
    said = "nested too deeply" if "deep" in name else "a number of more than 4300 digits"
    case(f"import-{reader}-{name}", ["import", reader, "{d}/" + name, "-o", "{d}/i-" + name],
         said)  # fmt: skip
    if reader != "majsoul":  # (stats tells the format from the text)
        case(f"stats-{reader}-{name}", ["stats", "{d}/" + name], said)
case("stats-player", ["stats", "examples/game.json", "--player", "Nobody"])
case("stats-rules", ["stats", "examples/game.json", "-r", "nosuch"])
# one file that cannot be read: its own error, in one line (it was two: the file's, and
# "no game could be read"); two: each named, then the count (import's way)
case("stats-missing-file", ["stats", "{d}/nothere.json"], "nothere.json: no such file")
case("ratings-missing-file", ["ratings", "{d}/nothere.json"], "nothere.json: no such file")
case("stats-not-a-record", ["stats", "{d}/adir/x.txt"], "")
# -- the top level -----------------------------------------------------------------------
case("lang-top", ["--lang", "fr", "settle", *ML])
case("no-points", ["settle"])
case("serve-port", ["serve", "--port", "-1"], "--port")
case("serve-port-high", ["serve", "--port", "70000"], "--port")
case("serve-host", ["serve", "--host", "999.1.1.1"], "--host")
case("serve-workers", ["serve", "--workers", "0"], "--workers")
# (helper-56: gunicorn forked 10^20 workers until the memory ran out)
case("serve-workers-many", ["serve", "--workers", "99999999999999999999"], "give 1 to 64")
case("serve-workers-65", ["serve", "--workers", "65"], "give 1 to 64")
# (helper-56: a folder or nothing as the database ended in Django's traceback)
case("serve-db-folder", ["serve", "--db", "{d}/emptydir"], "a folder, not a database file")
case("serve-db-empty", ["serve", "--db", ""], "--db needs a value, not nothing")
case("serve-db-slash", ["serve", "--db", "{d}/new/"], "/new/: a folder, not a database file")
case("serve-db-dot", ["serve", "--db", "{d}/."], "a folder, not a database file")
# (helper-59: Path() drops a last “.”, so “new/.” made a file “new”; “~” and “x/..”
# passed as files, and the web app made the home folder the owner's alone, chmod 600)
case("serve-db-new-dot", ["serve", "--db", "{d}/new/."], "/new/.: a folder, not a database file")
case("serve-db-dotdot", ["serve", "--db", "{d}/new/.."], "a folder, not a database file")
case("serve-db-home", ["serve", "--db", "~"], "--db ~: a folder, not a database file")
case(
    "serve-db-not-sqlite",
    ["serve", "--db", "{d}/syntax.json", "--owner-link"],
    "not an SQLite database",
)  # (Django's traceback, found after helper-56's review)
case("serve-demo", ["serve", "--demo", "{d}/emptydir"], "club.toml")
case(
    "hand-round-wind-no-tiles",
    ["hand", "--han", "2", "--fu", "30", "--round-wind", "X"],
    "--round-wind does nothing without --tiles",
)
case(
    "hand-riichi-no-tiles",
    ["hand", "--han", "2", "--fu", "30", "--riichi"],
    "--riichi does nothing without --tiles",
)
case("rules-extra-argument", ["rules", "list", "extra"], "“extra” is more than this command")
# -- the second CLI audit (2026-12-05): each was a traceback or accepted in silence --------
case("rules-unit-float", ["settle", *FOUR, "-r", "{d}/unit_float.toml"], "points_unit = 100.0")
case("rules-unit-bool", ["settle", *FOUR, "-r", "{d}/unit_bool.toml"], "points_unit = true")
case("rules-substitute-huge", ["rules", "show", "{d}/sub_huge.toml"], "substitute_points")
case("rules-binta-twice", ["rules", "show", "{d}/binta_twice.toml"], "two amounts")
case("rules-sashi-nested", ["rules", "show", "{d}/sashi_nested.toml"], "should be A:B:AMOUNT")
case("rules-title-escape", ["rules", "show", "{d}/title_escape.toml"], "title.en")
case("chips-huge", ["settle", *FOUR, "-r", "tenhou", "--chip-value", "2", "--chips",
                    "1000000000000000000000000000000,-1000000000000000000000000000000,0,0"],
     "beyond 1000000 chips")  # fmt: skip
case("session-chips-huge", ["session", "{d}/chips_huge.toml"], "beyond 1000000 chips")
case("session-key-twice", ["session", "{d}/dupkey.json"], "“points” is given twice")
case("session-label-table", ["session", "{d}/label_table.json"], "game 1: label: must be text")
case("session-label-escape", ["session", "{d}/label_escape.json"], "game 1: label: must be text")
case("session-title-escape", ["session", "{d}/title_escape.json"], "title: must be text")
case("game-penalty-hand", ["game", "{d}/penalty_hand.json"], "hand 999 is not in the record")
case("game-penalty-hand-bool", ["game", "{d}/penalty_hand_bool.json"],
     "the number of a hand, 1 or more")  # fmt: skip
case("game-no-result", ["game", "{d}/no_result.json"], "hand 1: no result: give one of ron")
case("game-honba-huge", ["game", "{d}/honba_huge.json"], "is beyond 9999")
case("game-substitute-escape", ["game", "{d}/sub_escape.json"], "“by” is a name")
case("game-substitute-house", ["game", "{d}/sub_house.json"], "House")
case("hand-honba-huge", ["hand", "--han", "3", "--fu", "30", "--honba", "100000000000000000000"],
     "must be from 0 to 9999")  # fmt: skip
case("seating-case-twice", ["seating", "A,B,C,D,a,F,G,H", "--seed", "1"], "a is listed twice")
case("seating-time-nan", ["seating", "A,B,C,D", "--time-limit", "nan"], "--time-limit")
case(
    "seating-escape",
    ["seating", "A\x1b[31mRED,B,C,D", "--seed", "1"],
    "“A\\x1b[31mRED” must be non-empty printable text",
)
case(
    "settle-zero-width",
    ["settle", *ML, "--names", "Ana,Ana\u200b,C,D"],
    "must be non-empty printable",
)
case(
    "settle-same-but-spaces",
    ["settle", *ML, "--names", "山田　太郎,山田 太郎,C,D"],
    "names must differ",
)

# -- the fourteenth review of bad inputs (helper-56, 2026-12-06) --------------------------
case(
    "import-output-nothing",
    ["import", "tenhou", "{d}/emptydir", "-o", ""],
    "--output needs a value, not nothing",
)  # (it had written into the current folder)
case(
    "import-hands-not-parquet",
    ["import", "tenhou", "{d}/emptydir", "-o", "{d}/recs", "--hands", "{d}/hands.txt"],
    "give a file name ending .parquet",
)
case(
    "stats-output-json",
    ["stats", "examples/game.json", "-o", "{d}/every.json"],
    "give a file name ending .parquet",
)  # (Parquet had been written under any name)
case(
    "stats-player-nothing",
    ["stats", "examples/game.json", "--player", ""],
    "--player needs a value, not nothing",
)
case(
    "stats-player-one-of-two",
    ["stats", "examples/game.json", "--player", "Ana", "--player", "Zed"],
    "no player called Zed in",
)
case(
    "seating-standings-shuffled",
    ["seating", "A,B,C,D,E,F,G,H", "--standings", "A,B"],
    "--standings does nothing with “--method shuffled”",
)
case(
    "seating-teams-swiss",
    [
        "seating",
        "A,B,C,D",
        "--method",
        "swiss",
        "--standings",
        "A",
        "--teams",
        "examples/nights.json",
    ],
    "--teams does nothing",
)
case(
    "seating-script-swiss",
    [
        "seating",
        "A,B,C,D",
        "--method",
        "swiss",
        "--standings",
        "A",
        "--script",
        "examples/nights.json",
    ],
    "--script does nothing",
)
case(
    "hand-ura-no-riichi",
    ["hand", "--tiles", "234m567p11s345678s", "--win", "8s", "--ura", "1m"],
    "--ura does nothing without --riichi",
)
# (an empty name had fallen back to the defaults in silence)
for name, option, value, said in [("columns-nothing", "--columns", "", "--columns"),
                                  ("columns-gap", "--columns", "p0,,p2,p3", "a name is empty"),
                                  ("deposits-nothing", "--deposits", " ", "--deposits"),
                                  ("compare-nothing", "--compare", "", "--compare")]:  # fmt: skip
    case(f"bulk-{name}", ["bulk", "summary", "examples/points.csv", "-r", "mleague", option,
                          value], said)  # fmt: skip
# -- helper-94's review (2026-12-08): what had been accepted or said wrongly --------------
# an option of one value given twice: Click had kept the last in silence (East charged 焼き鳥)
case("settle-winners-twice", ["settle", *ML, "--winners", "East", "--yakitori", "1000",
                              "--winners", "South"], "--winners is given twice")  # fmt: skip
case("settle-chips-twice", ["settle", *ML, "--chips", "2,-2,0,0", "--chips", "0,0,1,-1"],
     "--chips is given twice")  # fmt: skip
case("settle-rules-twice", ["settle", *FOUR, "-r", "mleague", "--rules", "tenhou"],
     "--rules is given twice")  # fmt: skip
case("hand-dealer-both", ["hand", "--han", "3", "--fu", "30", "--dealer", "--no-dealer"],
     "--dealer/--no-dealer is given twice")  # fmt: skip
# a known column twice: the first had been dropped in silence
case("session-known-column-twice", ["session", "{d}/chips_twice.csv", "-r", "mleague"],
     "“chips” twice")  # fmt: skip
# a name twice in the standings had left another unranked
case("seating-standings-twice", ["seating", "A,B,C,D,E,F,G,H", "--method", "swiss",
                                 "--standings", "A,A,C,D,E,F,G,H"],
     "A is listed twice")  # fmt: skip
# “-” is the standard output only where one CSV table is written (a Parquet file and a
# folder named “-” had been made)
case("stats-output-stdout", ["stats", "examples/game.json", "-o", "-"], ".parquet")
case("import-output-stdout", ["import", "tenhou", "{d}/adir", "-o", "-"], "folder")
# a folder as the rules: said as a folder, not “unknown rules preset”
case("settle-rules-folder", ["settle", *FOUR, "--rules", "{d}/adir"], "folder")
# a session's own penalty for nobody: under its key, as the session is settled
case("session-penalties-nobody", ["session", "{d}/penalty_nobody.toml"], "penalties: “Zed”")
# a session's JSON given where game records and logs are read (had been “a tenhou.net/6
# log with a field missing or wrong”)
FILES["session.json"] = ('{"rules": "tenhou", "games": [{"players": ["A", "B", "C", "D"], '
                         '"points": [40000, 30000, 20000, 10000]}]}')  # fmt: skip
case("stats-session-file", ["stats", "{d}/session.json"], "a session file")
case("ratings-session-file", ["ratings", "{d}/session.json"], "`seisan session` settles it")
