"""The entry form at the table: one game, everything the core settles.

Players in seat order with their final points and the sticks left on the table;
then, shown only where the season's rules use them, chips, who busted whom and who
won a hand (焼き鳥); and, folded away until needed, the game's own bets: 差しウマ /
馬身 / ビンタ between two players, spectators' 外ウマ, chombo and referee penalties,
a substitute. The form turns all of it into the core's game table (what a session
file holds, so an export reads back the same) and checks it field by field, in the
reader's language, naming seats by wind. Numbers typed on a Japanese or Korean phone
(full-width digits, ▲ for minus, 12,300点) are the same numbers.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django import forms

from seisan.errors import SeisanError
from seisan.i18n import N_, Message, Term, _, _n, name_key, plain_number, plain_text
from seisan.pt import pt_value
from seisan.rules import MAX_POINTS, Rules
from seisan.settlement import PointsTotalError
from seisan.web.clubs.forms import in_our_words, words
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.services import EntryError, check_name, points_problem, settle_data

_NUMBER = re.compile(r"^[+-]?\d{1,10}$")
WINDS = (N_("East"), N_("South"), N_("West"), N_("North"))
EMPTY_ROWS = 2  #: empty rows of each part on a new form
ROWS = (EMPTY_ROWS,) * 3  #: rows for pair bets, spectators and penalties on a new form
MOST_ROWS = 12
MAX_REASON = 60


def rows_of(text: Any) -> tuple[int, int, int]:
    """How many rows of pair bets, spectators and penalties a form has (``"3,2,2"``);
    anything else is the default."""
    try:
        counts = tuple(int(part) for part in str(text).split(","))
    except ValueError:
        return ROWS
    if len(counts) != 3 or not all(1 <= c <= MOST_ROWS for c in counts):
        return ROWS
    return counts


def rows_for(table: Mapping[str, Any]) -> tuple[int, int, int]:
    """Rows enough for a stored table's bets, and one empty row of each."""
    pairs = sum(len(table.get(k) or []) for k in ("sashi", "bashin", "binta"))
    spectators = len(table.get("soto") or {}) + len(table.get("pool") or {})
    penalties = len(table.get("penalties") or [])
    return (
        min(MOST_ROWS, max(EMPTY_ROWS, pairs + 1)),
        min(MOST_ROWS, max(EMPTY_ROWS, spectators + 1)),
        min(MOST_ROWS, max(EMPTY_ROWS, penalties + 1)),
    )


def seat_term(seat: int) -> Term:
    return Term(f"seat.{seat}")


def typed_int(text: object) -> int | None:
    """A whole number as typed (full-width, ▲, 12,300点), at most ten digits; else
    ``None`` (a form still being filled in)."""
    if not isinstance(text, str):
        return None
    clean = plain_number(text)
    return int(clean) if _NUMBER.match(clean) else None


def parse_int(text: str, what: Message, field: str) -> int:
    """:func:`typed_int`, or an error that names the field."""
    value = typed_int(text)
    if value is None:
        clean = plain_number(text) if isinstance(text, str) else ""
        if re.fullmatch(r"[+-]?\d{11,}", clean):  # whole, too long (helper-95: it had been
            shown = clean if len(clean) <= 21 else clean[:20] + "…"  # “not a whole number”)
            raise EntryError(_("{what}: {value} is beyond {most}", what=what, value=shown,
                               most=MOST_TYPED), field)  # fmt: skip
        raise EntryError(_("{what}: “{value}” is not a whole number", what=what, value=text), field)
    return value


#: the largest whole number a form's field takes (ten digits; the points' own limit, a
#: billion, and each count's are said by the core)
MOST_TYPED = 9_999_999_999


def parse_amount(text: str, what: Message, field: str, allow_zero: bool = False) -> int:
    """A bet in points, as players say it (10000, 1万 is typed 10000): a multiple of 100."""
    value = parse_int(text, what, field)
    if value < 0 or (value == 0 and not allow_zero) or value % 100:
        raise EntryError(
            _("{what}: {value} is not a positive multiple of 100 points", what=what, value=value)
            if not allow_zero
            else _("{what}: {value} is not a multiple of 100 points, 0 or more", what=what,
                   value=value),
            field,
        )  # fmt: skip
    return value


def parse_pt(text: str, what: Message, field: str) -> Fraction:
    """pt as typed (20, 7.5): more than 0, to a tenth."""
    clean = plain_number(text)
    try:
        value: Decimal | None = Decimal(clean)
    except InvalidOperation:
        value = None
    if (
        value is None
        or not value.is_finite()
        or len(clean) > 12
        or value <= 0
        or value * 10 != int(value * 10)
    ):  # fmt: skip
        raise EntryError(_("{what}: “{value}” is not a number of pt above 0 (20, 7.5)",
                           what=what, value=text), field)  # fmt: skip
    return Fraction(value)


class GameForm(forms.Form):
    """One game at the table (see the module's docstring)."""

    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False, max_value=2**31 - 1)
    deposits = forms.CharField(required=False, initial="0", max_length=20)
    again = forms.CharField(widget=forms.HiddenInput, required=False, max_length=4)
    rows = forms.CharField(widget=forms.HiddenInput, required=False, max_length=20)

    def __init__(
        self,
        *args: Any,
        rules: Rules,
        seats: list[str] | None = None,
        rows: tuple[int, int, int] = ROWS,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.counts = rows_of(self.data["rows"]) if "rows" in self.data else rows
        self.initial["rows"] = ",".join(str(c) for c in self.counts)
        for seat, name in enumerate(seats or []):  # the next game at the same table
            self.initial.setdefault(f"player_{seat}", name)
        self.rules = rules
        self.n = rules.players
        side = rules.side
        self.chips = bool(side.chip_value)
        self.tobi = bool(side.tobi)
        self.yakitori = bool(side.yakitori)
        self.binta = bool(side.binta)
        self.seat_labels = [words(WINDS[s]) for s in range(self.n)]
        seat_choices = [("", "—"), *((str(s), self.seat_labels[s]) for s in range(self.n))]
        for seat in range(self.n):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=self.seat_labels[seat], max_length=60, required=False
            )
            self.fields[f"points_{seat}"] = forms.CharField(
                max_length=20, label=words(N_("Points")), required=False
            )
            if self.chips:
                self.fields[f"chips_{seat}"] = forms.CharField(
                    max_length=6, required=False, label=words(N_("Chips"))
                )
            if self.tobi:
                self.fields[f"busted_{seat}"] = forms.ChoiceField(
                    choices=seat_choices, required=False, label=words(N_("Busted by"))
                )
            if self.yakitori:
                self.fields[f"won_{seat}"] = forms.BooleanField(
                    required=False, label=words(N_("Won a hand"))
                )
        kinds = [
            ("sashi", words(N_("Sashi-uma (差しウマ)"))),
            ("bashin", words(N_("Bashin (馬身)"))),
        ]
        if self.binta:
            kinds.append(("binta", words(N_("Binta for this pair (0: they sit out)"))))
        for row in range(self.counts[0]):
            self.fields[f"bet_kind_{row}"] = forms.ChoiceField(choices=kinds, required=False)
            self.fields[f"bet_a_{row}"] = forms.ChoiceField(choices=seat_choices, required=False)
            self.fields[f"bet_b_{row}"] = forms.ChoiceField(choices=seat_choices, required=False)
            self.fields[f"bet_amount_{row}"] = forms.CharField(max_length=20, required=False)
        for row in range(self.counts[1]):
            self.fields[f"soto_name_{row}"] = forms.CharField(max_length=60, required=False)
            self.fields[f"soto_backs_{row}"] = forms.ChoiceField(
                choices=seat_choices, required=False
            )
            self.fields[f"soto_amount_{row}"] = forms.CharField(max_length=20, required=False)
        penalty_kinds = [("chombo", words(N_("Chombo"))), ("penalty", words(N_("Penalty")))]
        for row in range(self.counts[2]):
            self.fields[f"pen_seat_{row}"] = forms.ChoiceField(choices=seat_choices, required=False)
            self.fields[f"pen_kind_{row}"] = forms.ChoiceField(
                choices=penalty_kinds, required=False
            )
            self.fields[f"pen_pt_{row}"] = forms.CharField(max_length=20, required=False)
            self.fields[f"pen_reason_{row}"] = forms.CharField(max_length=MAX_REASON,
                                                               required=False)  # fmt: skip
        self.fields["sub_seat"] = forms.ChoiceField(choices=seat_choices, required=False)
        self.fields["sub_name"] = forms.CharField(max_length=60, required=False)
        self.fields["sub_later"] = forms.BooleanField(required=False)
        in_our_words(self)
        self.fields["deposits"].label = words(N_("Riichi sticks left on the table"))
        if not self.initial.get("key") and not self.data.get("key"):
            self.initial["key"] = uuid.uuid4().hex
        self.result: Any = None
        self.data_out: dict[str, Any] = {}

    # -- what the template shows -------------------------------------------------------

    def seat_fields(self) -> list[dict[str, Any]]:
        """The bound fields of each seat, for the template."""
        return [
            {
                "label": self.seat_labels[s],
                "player": self[f"player_{s}"],
                "points": self[f"points_{s}"],
                "chips": self[f"chips_{s}"] if self.chips else None,
                "busted": self[f"busted_{s}"] if self.tobi else None,
                "won": self[f"won_{s}"] if self.yakitori else None,
            }
            for s in range(self.n)
        ]

    def pair_rows(self) -> list[dict[str, Any]]:
        return [{k: self[f"bet_{k}_{r}"] for k in ("kind", "a", "b", "amount")}
                for r in range(self.counts[0])]  # fmt: skip

    def spectator_rows(self) -> list[dict[str, Any]]:
        return [{k: self[f"soto_{k}_{r}"] for k in ("name", "backs", "amount")}
                for r in range(self.counts[1])]  # fmt: skip

    def penalty_rows(self) -> list[dict[str, Any]]:
        return [{k: self[f"pen_{k}_{r}"] for k in ("seat", "kind", "pt", "reason")}
                for r in range(self.counts[2])]  # fmt: skip

    def used(self, prefix: str) -> bool:
        """Whether any field of a folded part has a value or an error (then it opens)."""
        source = self.data if self.is_bound else self.initial
        for name in self.fields:
            if not name.startswith(prefix) or "_kind_" in name:
                continue
            value = source.get(name)
            if (value not in (None, "") and name != "sub_later") or self.errors.get(name):
                return True
        return False

    def typed_points(self) -> list[int | None]:
        """The points typed so far (None where empty or not a number)."""
        return [typed_int(self.data.get(f"points_{seat}")) for seat in range(self.n)]

    def missing(self) -> int | None:
        """Points still missing for the table to add up (None until all but one typed)."""
        typed = self.typed_points()
        deposits = typed_int(self.data.get("deposits")) or 0
        expected = self.rules.start * self.n - deposits * self.rules.scoring.riichi
        known = [p for p in typed if p is not None]
        if len(known) < self.n - 1:
            return None
        return expected - sum(known)

    # -- checking ----------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:  # a field is wrong already (too long, missing): say that alone
            return cleaned
        try:
            self.data_out = self.game_table(cleaned)
            self.result = settle_data(self.data_out, self.rules)
        except EntryError as err:
            self.add_error(err.field or None, err.message.text(web_lang()))
        except PointsTotalError as err:
            self.add_error(None, points_problem(err, self.rules).text(web_lang()))
        except SeisanError as err:
            self.add_error(None, err.message.text(web_lang()))
        return cleaned

    def game_table(self, cleaned: Mapping[str, Any]) -> dict[str, Any]:
        """The core's game table of what was typed; :class:`EntryError` names the field."""
        names = self._names(cleaned)
        table: dict[str, Any] = {"players": names, "points": self._points(cleaned, names)}
        deposits = parse_int(str(cleaned.get("deposits") or "0"), _("riichi sticks"), "deposits")
        if deposits < 0:
            raise EntryError(_("riichi sticks: {value} must be a count, 0 or more",
                               value=deposits), "deposits")  # fmt: skip
        if deposits:
            table["deposits"] = deposits
        if self.chips:
            chips = self._chips(cleaned)
            if any(chips):
                table["chips"] = chips
        if self.tobi:
            busted = self._busted(cleaned, names, table["points"])
            if busted:
                table["busted"] = busted
        if self.yakitori:
            table["winners"] = [names[s] for s in range(self.n) if cleaned.get(f"won_{s}")]
        for key, items in self._pairs(cleaned, names).items():
            table[key] = items
        table.update(self._spectators(cleaned, names))
        penalties = self._penalties(cleaned, names)
        if penalties:
            table["penalties"] = penalties
        substitute = self._substitute(cleaned, names)
        if substitute:
            table["substitute"] = substitute
        return table

    def _names(self, cleaned: Mapping[str, Any]) -> list[str]:
        names = []
        for seat in range(self.n):
            name = " ".join(str(cleaned[f"player_{seat}"]).split())
            if not name:
                raise EntryError(_("{seat}: who sat here?", seat=seat_term(seat)),
                                 f"player_{seat}")  # fmt: skip
            check_name(name, f"player_{seat}")
            names.append(name)
        lowered = [name_key(n) for n in names]
        for seat, name in enumerate(lowered):
            if lowered.index(name) != seat:
                raise EntryError(_("{name} sits twice at this table", name=names[seat]),
                                 f"player_{seat}")  # fmt: skip
        return names

    def _points(self, cleaned: Mapping[str, Any], names: list[str]) -> list[int]:
        points = []
        for seat in range(self.n):
            text = str(cleaned[f"points_{seat}"]).strip()
            if not text:
                raise EntryError(_("{name}: give the final points", name=names[seat]),
                                 f"points_{seat}")  # fmt: skip
            value = parse_int(text, Message(N_("{name}'s points"), name=names[seat]),
                              f"points_{seat}")  # fmt: skip
            # (the core's own checks, said of the row's player, not of “seat 0”)
            if abs(value) > MAX_POINTS:
                raise EntryError(_("{name}: {points} points are beyond {limit}", name=names[seat],
                                   points=value, limit=MAX_POINTS), f"points_{seat}")  # fmt: skip
            if value % self.rules.unit:
                raise EntryError(_n("{name}: {points} point is not a multiple of {unit}",
                                    "{name}: {points} points are not a multiple of {unit}",
                                    "points", name=names[seat], points=value,
                                    unit=self.rules.unit), f"points_{seat}")  # fmt: skip
            points.append(value)
        return points

    def _chips(self, cleaned: Mapping[str, Any]) -> list[int]:
        chips = []
        for seat in range(self.n):
            text = str(cleaned[f"chips_{seat}"]).strip()
            what = Message(N_("{seat}'s chips"), seat=seat_term(seat))
            chips.append(parse_int(text, what, f"chips_{seat}") if text else 0)
        if sum(chips):
            raise EntryError(_("the chips add up to {total}, not 0: what one wins another "
                               "loses", total=sum(chips)), "chips_0")  # fmt: skip
        return chips

    def _busted(
        self, cleaned: Mapping[str, Any], names: list[str], points: list[int]
    ) -> dict[str, str]:
        busted = {}
        at_zero = self.rules.side.tobi_at_zero
        for seat in range(self.n):
            by = str(cleaned.get(f"busted_{seat}") or "")
            if not by:
                continue
            winner = int(by)
            if winner == seat:
                raise EntryError(_("{name} cannot bust themself", name=names[seat]),
                                 f"busted_{seat}")  # fmt: skip
            if not (points[seat] < 0 or (at_zero and points[seat] == 0)):
                line = _("at or below zero") if at_zero else _("below zero")
                raise EntryError(_("{name} did not end {line}: nobody busted them",
                                   name=names[seat], line=line), f"busted_{seat}")  # fmt: skip
            busted[names[seat]] = names[winner]
        return busted

    def _pairs(self, cleaned: Mapping[str, Any], names: list[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        seen: set[tuple[str, int, int]] = set()
        for row in range(self.counts[0]):
            a, b = cleaned.get(f"bet_a_{row}") or "", cleaned.get(f"bet_b_{row}") or ""
            amount = str(cleaned.get(f"bet_amount_{row}") or "").strip()
            if not (a or b or amount):
                continue
            kind = cleaned.get(f"bet_kind_{row}") or "sashi"
            field = f"bet_amount_{row}"
            if not a or not b:
                raise EntryError(_("a bet is between two players: choose both"),
                                 f"bet_{'b' if a else 'a'}_{row}")  # fmt: skip
            if a == b:
                raise EntryError(_("a player cannot bet with themself"), f"bet_b_{row}")
            if not amount:
                raise EntryError(_("give the amount of the bet, in points"), field)
            value = parse_amount(amount, Message(N_("the amount")), field, kind == "binta")
            pair = (kind, *sorted((int(a), int(b))))
            if pair in seen:
                raise EntryError(_("this pair has this bet twice"), field)
            seen.add(pair)  # type: ignore[arg-type]
            out.setdefault(kind, []).append(f"{names[int(a)]}:{names[int(b)]}:{value}")
        return out

    def _spectators(self, cleaned: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
        mirror: dict[str, str] = {}
        pool: dict[str, str] = {}
        pool_amount: int | None = None
        pool_rows: list[int] = []  # the pool's rows (one alone: where its error is said)
        taken = {name_key(n) for n in names}
        for row in range(self.counts[1]):
            name = " ".join(str(cleaned.get(f"soto_name_{row}") or "").split())
            backs = cleaned.get(f"soto_backs_{row}") or ""
            amount = str(cleaned.get(f"soto_amount_{row}") or "").strip()
            if not (name or backs or amount):
                continue
            if not name:
                raise EntryError(_("who is the spectator?"), f"soto_name_{row}")
            check_name(name, f"soto_name_{row}")
            if name_key(name) in taken:
                raise EntryError(_("{name} is already at this table or betting", name=name),
                                 f"soto_name_{row}")  # fmt: skip
            taken.add(name_key(name))
            if not backs:
                raise EntryError(_("whom does {name} back?", name=name), f"soto_backs_{row}")
            if amount:
                value = parse_amount(amount, Message(N_("the amount")), f"soto_amount_{row}")
                if pool_amount is not None and value != pool_amount:
                    raise EntryError(_("the spectators' pool has one amount a game: "
                                       "{first} or {second}?", first=pool_amount, second=value),
                                     f"soto_amount_{row}")  # fmt: skip
                pool_amount = value
                pool_rows.append(row)
                pool[name] = names[int(backs)]
            else:
                mirror[name] = names[int(backs)]
        out: dict[str, Any] = {}
        if mirror:
            out["soto"] = mirror
        if pool:
            if len(pool) < 2:
                (alone,) = pool_rows
                raise EntryError(_("a spectators' pool needs two spectators or more (leave the "
                                   "amount empty to follow a player's every payment)"),
                                 f"soto_amount_{alone}")  # fmt: skip
            out["pool"] = pool
            if pool_amount != self.rules.side.soto_pool:
                out["side"] = {"soto_pool": pool_amount}
        return out

    def _penalties(self, cleaned: Mapping[str, Any], names: list[str]) -> list[str]:
        out = []
        for row in range(self.counts[2]):
            seat = cleaned.get(f"pen_seat_{row}") or ""
            kind = cleaned.get(f"pen_kind_{row}") or "chombo"
            pt_text = str(cleaned.get(f"pen_pt_{row}") or "").strip()
            reason = " ".join(str(cleaned.get(f"pen_reason_{row}") or "").split())
            if not (seat or pt_text or reason):
                continue
            if not seat:
                raise EntryError(_("who is penalised?"), f"pen_seat_{row}")
            out.append(penalty_item(names[int(seat)], kind, pt_text, reason, self.rules,
                                    f"_{row}"))  # fmt: skip
        return out

    def _substitute(self, cleaned: Mapping[str, Any], names: list[str]) -> str:
        seat = cleaned.get("sub_seat") or ""
        name = " ".join(str(cleaned.get("sub_name") or "").split())
        if not (seat or name or cleaned.get("sub_later")):
            return ""
        if not seat:  # (“came later” ticked alone too: never dropped)
            raise EntryError(_("whose seat did the substitute play?"), "sub_seat")
        if not name:
            raise EntryError(_("who played as the substitute?"), "sub_name")
        check_name(name, "sub_name")
        if name_key(name) in {name_key(n) for n in names}:
            raise EntryError(_("{name} is already at this table", name=name), "sub_name")
        later = ":later" if cleaned.get("sub_later") else ""
        return f"{names[int(seat)]}:{name}{later}"


def penalty_item(name: str, kind: str, pt_text: str, reason: str, rules: Rules,
                 suffix: str = "") -> str:  # fmt: skip
    """One penalty as a game table keeps it (``Dae:20:chombo``, ``Ben:7.5:late``): a
    chombo costs the rules' chombo pt (a pt typed beside it must be that one: never
    dropped in silence); a penalty its pt, more than 0, to a tenth; a
    reason of at most ``MAX_REASON`` characters, without ";" (the entry form and the
    referee's page alike; ``suffix`` names the form's row)."""
    what, field = Message(N_("the penalty")), f"pen_pt{suffix}"
    if ";" in reason:
        raise EntryError(_("a reason has no “;”"), f"pen_reason{suffix}")
    if len(reason) > MAX_REASON:
        raise EntryError(_("too long: at most {most} characters", most=MAX_REASON),
                         f"pen_reason{suffix}")  # fmt: skip
    if not plain_text(reason):
        raise EntryError(_("a reason is written in letters, digits and spaces: no control "
                           "or invisible characters"), f"pen_reason{suffix}")  # fmt: skip
    if kind == "chombo":
        if reason.strip():  # a game keeps a chombo as “chombo”: a reason would be lost
            raise EntryError(_("a chombo is kept as “chombo”: leave its reason empty, or "
                               "choose a penalty to give a reason"),
                             f"pen_reason{suffix}")  # fmt: skip
        chombo = rules.penalties.chombo_pt  # a pt typed beside it is that or refused
        if pt_text and parse_pt(pt_text, what, field) != chombo:
            raise EntryError(_("a chombo costs {pt} pt under these rules: leave its pt empty, "
                               "or choose a penalty", pt=pt_value(chombo)), field)  # fmt: skip
        return f"{name}:{pt_value(chombo)}:chombo"
    if not pt_text:
        raise EntryError(_("give the penalty in pt"), field)
    value = parse_pt(pt_text, what, field)
    return f"{name}:{pt_value(value)}:{reason}" if reason else f"{name}:{pt_value(value)}"


def _pt(text: Any) -> Fraction | None:
    try:
        return Fraction(Decimal(str(text)))
    except (InvalidOperation, ValueError):
        return None


def initial_of(
    table: Mapping[str, Any],
    names: list[str],
    chombo_pt: Fraction | None = None,
    pool: int | None = None,
) -> dict[str, Any]:
    """The form's values for a stored game table (to edit it), players by seat; a
    penalty is a chombo when its reason says so and it costs the rules' chombo. A
    spectators' pool stored without its amount bets the rules' own (``pool``)."""
    initial: dict[str, Any] = {"deposits": table.get("deposits", 0)}
    seat_of = {name_key(n): s for s, n in enumerate(names)}

    def seat(name: Any) -> str:
        return str(seat_of.get(name_key(str(name).strip()), ""))

    for s, name in enumerate(names):
        initial[f"player_{s}"] = name
        initial[f"points_{s}"] = table["points"][s]
    chips = table.get("chips")
    if isinstance(chips, Mapping):
        chips = [chips.get(n) for n in names]
    for s, count in enumerate(chips or []):
        if count:
            initial[f"chips_{s}"] = count
    for loser, winner in (table.get("busted") or {}).items():
        if seat(loser):
            initial[f"busted_{seat(loser)}"] = seat(winner)
    for name in table.get("winners") or []:
        if seat(name):
            initial[f"won_{seat(name)}"] = True
    row = 0
    for kind in ("sashi", "bashin", "binta"):
        for item in table.get(kind) or []:
            a, b, amount = str(item).split(":") if isinstance(item, str) else item
            initial.update({f"bet_kind_{row}": kind, f"bet_a_{row}": seat(a),
                            f"bet_b_{row}": seat(b), f"bet_amount_{row}": amount})  # fmt: skip
            row += 1
    amount = (table.get("side") or {}).get("soto_pool", pool or "")
    for row, (name, backs, pooled) in enumerate(
        [*((n, p, False) for n, p in (table.get("soto") or {}).items()),
         *((n, p, True) for n, p in (table.get("pool") or {}).items())]
    ):  # fmt: skip
        initial.update({f"soto_name_{row}": name, f"soto_backs_{row}": seat(backs),
                        f"soto_amount_{row}": amount if pooled else ""})  # fmt: skip
    for row, item in enumerate(table.get("penalties") or []):
        if isinstance(item, Mapping):  # {player, pt, reason} as a session file may give it
            player, pt_text, reason = item.get("player"), item.get("pt"), item.get("reason", "")
        else:
            player, _colon, rest = str(item).partition(":")
            pt_text, _colon, reason = rest.partition(":")
        chombo = reason == "chombo" and chombo_pt is not None and _pt(pt_text) == chombo_pt
        if chombo:
            initial.update({f"pen_seat_{row}": seat(player), f"pen_kind_{row}": "chombo"})
        else:
            initial.update({f"pen_seat_{row}": seat(player), f"pen_kind_{row}": "penalty",
                            f"pen_pt_{row}": pt_text, f"pen_reason_{row}": reason})  # fmt: skip
    substitute = table.get("substitute")
    if isinstance(substitute, str) and substitute:
        parts = substitute.split(":")
        initial.update({"sub_seat": seat(parts[0]), "sub_name": parts[1],
                        "sub_later": len(parts) > 2})  # fmt: skip
    return initial
