"""Scale-out on Dask: settle a Dask DataFrame of final points partition by partition
(``map_partitions``), on a laptop's threads or a ``dask.distributed`` cluster of many
machines; each partition is settled by :func:`seisan.bulk.settle_arrays`, exactly.

>>> import dask.dataframe as dd, pandas as pd
>>> from seisan import find_preset
>>> frame = dd.from_pandas(pd.DataFrame({"p0": [42600], "p1": [31000], "p2": [16400],
...                                      "p3": [10000]}), npartitions=1)
>>> settle_dataframe(frame, find_preset("mleague")).compute()[["place_0", "score_0"]]
   place_0  score_0
0        1      626

Scores come back as integer quanta (``score_N``: tenths of pt, thousandths under the
exact system): exact and cheap to sum over a cluster; divide by ``per_pt`` to show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from seisan.bulk import settle_arrays
from seisan.bulk.io import default_columns
from seisan.rules import Rules


def settle_partition(
    frame: pd.DataFrame, rules: Rules, columns: Sequence[str], deposits: str | None
) -> pd.DataFrame:
    """One partition settled: its columns, then ``place_N`` and ``score_N`` per seat."""
    points = frame[list(columns)].to_numpy(dtype=np.int64)
    sticks = frame[deposits].to_numpy(dtype=np.int64) if deposits else 0
    result = settle_arrays(points, rules, sticks, threads=1)  # Dask shares out the cores
    out = frame.copy()
    for seat in range(points.shape[1]):
        out[f"place_{seat}"] = result.places[:, seat]
        out[f"score_{seat}"] = result.quanta[:, seat]
    return out


def settle_dataframe(
    frame: Any,
    rules: Rules,
    columns: Sequence[str] | None = None,
    deposits: str | None = None,
) -> Any:
    """A Dask DataFrame of final points (columns ``p0..`` unless given, and optionally
    a ``deposits`` column) settled lazily; ``.compute()`` runs it where Dask runs."""
    chosen = list(columns or default_columns(rules.players))
    if deposits is None and "deposits" in frame.columns:
        deposits = "deposits"
    meta = frame._meta.copy()
    for seat in range(len(chosen)):
        meta[f"place_{seat}"] = np.array([], dtype=np.int8)
        meta[f"score_{seat}"] = np.array([], dtype=np.int64)
    return frame.map_partitions(settle_partition, rules, chosen, deposits, meta=meta)
