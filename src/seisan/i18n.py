"""User-facing names in English, Japanese and Korean (en / ja / ko).

Every label the CLI (and later the web app) shows comes from :data:`TERMS`, so a
new language is one more column here, not a hunt through the code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import StrEnum


class Lang(StrEnum):
    """A language seisan speaks."""

    EN = "en"
    JA = "ja"
    KO = "ko"


#: term key -> (en, ja, ko)
TERMS: Mapping[str, tuple[str, str, str]] = {
    # columns
    "seat": ("Seat", "席", "자리"),
    "name": ("Name", "名前", "이름"),
    "points": ("Points", "持ち点", "점수"),
    "place": ("Place", "順位", "순위"),
    "score": ("Score", "スコア", "스코어"),
    "part.points": ("Points part", "素点", "소점"),
    "part.rounding": ("Rounding", "端数", "끝수"),
    "part.oka": ("Oka", "オカ", "오카"),
    "part.uma": ("Uma", "ウマ", "우마"),
    "part.balance": ("Balance", "調整", "조정"),
    # rule fields
    "rules": ("Rules", "ルール", "룰"),
    "preset": ("Preset", "プリセット", "프리셋"),
    "title": ("Title", "名称", "명칭"),
    "players": ("Players", "人数", "인원"),
    "start": ("Start points", "配給原点", "시작 점수"),
    "return": ("Return points", "返し点", "반환점"),
    "oka": ("Oka", "オカ", "오카"),
    "uma": ("Uma", "ウマ", "우마"),
    "floating": ("Floating uma", "浮きウマ", "뜬 우마"),
    "rounding": ("Rounding", "端数処理", "끝수 처리"),
    "ties": ("Ties", "同点", "동점"),
    "deposits": ("Leftover deposits", "供託", "공탁"),
    "zero": ("Zero shown as", "ゼロの表記", "0 표기"),
    "source": ("Source", "出典", "출처"),
    "notes": ("Notes", "備考", "비고"),
    "field": ("Field", "項目", "항목"),
    "value": ("Value", "値", "값"),
    "start/return": ("Start/Return", "原点/返し", "시작/반환"),
    "aliases": ("Aliases", "別名", "별칭"),
    # seat winds: seat 0 is the first dealer (起家)
    "seat.0": ("East", "東家", "동가"),
    "seat.1": ("South", "南家", "남가"),
    "seat.2": ("West", "西家", "서가"),
    "seat.3": ("North", "北家", "북가"),
    # rounding modes (001 スコア清算)
    "rounding.half-up": ("half up", "四捨五入", "반올림"),
    "rounding.half-down": ("half down", "五捨六入", "오사육입"),
    "rounding.ceil": ("up", "切り上げ", "올림"),
    "rounding.floor": ("down", "切り捨て", "내림"),
    "rounding.toward-zero": (
        "toward zero",
        "プラスなら切り捨て、マイナスなら切り上げ",
        "0 방향 버림",
    ),
    "rounding.half-toward-zero": (
        "half toward zero",
        "プラスなら四捨五入、マイナスなら五捨六入",
        "0 방향 반올림",
    ),
    "rounding.half-even": ("half to even", "最近接偶数", "오사오입"),
    "rounding.none": ("exact", "端数放置", "끝수 유지"),
    # tie policies
    "ties.seat": ("by seat", "起家優先", "기가 우선"),
    "ties.split": ("split", "ウマ・オカ等分", "우마·오카 균등"),
    # leftover deposits
    "deposits.first": ("to first place", "トップ取り", "1등에게"),
    "deposits.lost": ("not paid out", "没収", "몰수"),
    # uma kinds
    "uma.none": ("no uma", "ウマなし", "순우마"),
    "uma.floating": ("by the number of floating players", "浮き人数による", "뜬 인원에 따름"),
    # side bets (seed 000) and money
    "kind.sashi": ("Sashi-uma", "差しウマ", "사시우마"),
    "kind.bashin": ("Bashin", "馬身", "바신"),
    "kind.sou-uma": ("Sou-uma", "総ウマ", "총우마"),
    "kind.sou-bashin": ("Sou-bashin", "総馬身", "총바신"),
    "kind.binta": ("Binta", "ビンタ", "빈타"),
    "kind.shizumi": ("Shizumi-uma", "沈みウマ", "침우마"),
    "kind.chips": ("Chips", "チップ", "칩"),
    "kind.tobi": ("Bust prize", "飛び賞", "토비상"),
    "kind.yakitori": ("Yakitori", "焼き鳥", "야키토리"),
    "kind.soto": ("Soto-uma", "外ウマ", "소토우마"),
    "kind.score": ("Score", "スコア", "스코어"),
    "money": ("Money", "金額", "금액"),
    "house": ("House", "店", "가게"),
    "fees": ("Fees to the house", "場代", "자릿세"),
    "pool": ("pool", "見学者同士", "관전자끼리"),
    "spectator": ("Spectator", "見学者", "관전자"),
    "backs": ("Backs", "乗る相手", "지지 대상"),
    "from": ("From", "支払う人", "지불"),
    "to": ("To", "受け取る人", "수령"),
    "amount": ("Amount", "金額", "금액"),
    "transfers": ("Who pays whom (fewest transfers)", "精算 (最少回数)", "정산 (최소 횟수)"),
    "jansou": (
        "Who pays whom (everyone with first place)",
        "精算 (トップと精算)",
        "정산 (1등과 정산)",
    ),
    "game": ("Game", "半荘", "반장"),
    "running": ("Running totals", "累計", "누계"),
    "chart": ("Cumulative totals (pt)", "累計スコア (pt)", "누계 스코어 (pt)"),
    # hands
    "ron": ("Ron", "ロン", "론"),
    "han": ("han", "翻", "판"),
    "fu": ("fu", "符", "부"),
    "tsumo": ("Tsumo", "ツモ", "쯔모"),
    "all": ("all", "オール", "올"),
    "win": ("Win", "和了", "화료"),
    "pays": ("Pays", "支払い", "지불"),
    "limit": ("Limit", "満貫以上", "만관 이상"),
    "limit.mangan": ("mangan", "満貫", "만관"),
    "limit.haneman": ("haneman", "跳満", "하네만"),
    "limit.baiman": ("baiman", "倍満", "바이만"),
    "limit.sanbaiman": ("sanbaiman", "三倍満", "삼배만"),
    "limit.yakuman": ("yakuman", "役満", "역만"),
    "limit.suuman": ("suuman", "数満", "수만"),
    "limit.chouman": ("chouman", "超満", "초만"),
    "system.standard": ("Standard", "符計算", "부 계산"),
    "system.30fu": ("30-fu base", "30符ベース式", "30부 기준"),
    "system.gorin": ("Gorin (50 fu)", "五輪ルール", "오륜 룰"),
    "system.exact": ("Exact", "精算法", "정산법"),
    # game records
    "final": ("Final points", "最終持ち点", "최종 점수"),
    "on_table": ("Deposits", "供託", "공탁"),
    "round": ("Round", "局", "국"),
    "result": ("Result", "結果", "결과"),
    "ended": ("Ended", "終局", "종국"),
    # messages
    "total": ("Total", "合計", "합계"),
    "custom": ("custom", "カスタム", "커스텀"),
    "floating.count": ("{n} at or above return points", "{n}人浮き", "{n}명 뜸"),
}


def term(key: str, lang: Lang | str = Lang.EN, **fields: object) -> str:
    """The label of ``key`` in ``lang`` (English when the key has no entry)."""
    forms = TERMS.get(key)
    if forms is None:
        return key
    text = forms[list(Lang).index(Lang(lang))]
    return text.format(**fields) if fields else text


def default_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The language of the user's locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            prefix = value[:2].lower()
            return Lang(prefix) if prefix in {lang.value for lang in Lang} else Lang.EN
    return Lang.EN
