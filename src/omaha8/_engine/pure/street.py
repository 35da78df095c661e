"""The pure street solver, twin of ``street_c.pxi``: ``StreetJob``, the compiled StreetJob's API,
the whole tree walked in one task, chance nodes dealing every card, each terminal's values
settled pair by pair.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Optional, cast

from ...exceptions import JobError
from ..checks import check_lock, check_street_job
from .evaluate import best_high, best_low
from .jobs import TaskedJob, cut
from .river import pair_share

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

    from ..checks import CardBytes

    # Regrets or sums: array('f'), or array('h') and array('H') when compressed (16 bits), read
    # and written as numbers either way (typeshed's array is of ints or of floats, by typecode).
    _Numbers = array[Any]

__all__ = ["StreetJob", "check_averages", "check_state"]

_CHANCE, _SHOWDOWN = 5, 4


class StreetJob(TaskedJob):
    """The compiled StreetJob's API, plainly. Regrets and sums are float32 (array('f')) and the
    strategies played float64, worked out when a node is visited, as the compiled engine keeps
    them, so the two follow the same numbers to within the sums' rounding."""

    def __init__(
        self,
        board: CardBytes,
        oop_rows: CardBytes,
        ip_rows: CardBytes,
        hole_size: int,
        oop_weights: object,
        ip_weights: object,
        kinds: Iterable[int],
        firsts: Iterable[int],
        counts: Iterable[int],
        amounts: Iterable[float],
        cards: Iterable[int],
        compressed: bool = False,
        swaps: Iterable[tuple[int, int]] = (),
    ) -> None:
        spec = check_street_job(
            board, oop_rows, ip_rows, hole_size, oop_weights, ip_weights, kinds, firsts, counts, amounts, cards, swaps
        )
        self._mirrors, self._perms = spec.mirrors, spec.perms
        k = spec.hole_size
        self._board = list(spec.board)
        self._holes = [[tuple(rows[i * k : (i + 1) * k]) for i in range(len(rows) // k)] for rows in spec.rows]
        self._masks = [[sum(1 << c for c in hole) for hole in holes] for holes in self._holes]
        self._weights = [list(w) for w in spec.weights]
        self._kinds, self._firsts, self._counts = spec.kinds, spec.firsts, spec.counts
        self._amounts, self._cards, self._left = spec.amounts, spec.cards, spec.left
        self._dealt = [0] * len(self._kinds)  # per node: the cards dealt to reach it, a mask
        for node, kind in enumerate(self._kinds):
            for child in range(self._firsts[node], self._firsts[node] + self._counts[node]):
                self._dealt[child] = self._dealt[node] | (1 << self._cards[child] if kind == _CHANCE else 0)
        # (dealt mask, side, hand): (high, low)
        self._strength: dict[tuple[int, int, int], tuple[int, Optional[int]]] = {}
        self._offset: dict[int, int] = {}
        size = [0, 0]
        for node, kind in enumerate(self._kinds):
            if kind <= 1:
                self._offset[node] = size[kind]
                size[kind] += self._counts[node] * len(self._holes[kind])
        self._compressed = bool(compressed)
        self._regret: list[Optional[_Numbers]]  # None once released (release_regrets)
        self._sums: list[_Numbers]
        if self._compressed:
            # 16 bits, a float32 scale per node and array: the compiled engine's numbers.
            self._regret = [array("h", bytes(2 * s)) for s in size]
            self._sums = [array("H", bytes(2 * s)) for s in size]
        else:
            self._regret = [array("f", bytes(4 * s)) for s in size]
            self._sums = [array("f", bytes(4 * s)) for s in size]
        self._scale = [[1.0] * len(self._kinds), [1.0] * len(self._kinds)]  # regrets', sums'
        self._compressed_bytes = 4 * sum(size) + 8 * len(self._kinds)
        self._roots: list[Optional[list[float]]] = [None, None]
        self._mode = 0
        self._player = 0
        self._locked: dict[int, array[float]] = {}  # node: its locked strategy, [action][hand], NaN for a free hand
        self.iteration = 0
        self._released = False
        self.memory = self._compressed_bytes if self._compressed else 8 * sum(size)
        cut(self, 1, 2, first=1)  # nothing to do before a phase begins
        self.opponent_weights = tuple(array("d", self._weight(p, 0, self._weights[1 - p])) for p in (0, 1))

    def _weight(self, p: int, dealt: int, reach: list[float]) -> list[float]:
        """Per hand of p: the sum of the other's reach over its hands disjoint from it."""
        theirs = self._masks[1 - p]
        return [sum(r for r, other in zip(reach, theirs) if r != 0.0 and not mine & other) for mine in self._masks[p]]

    def _hand_strength(self, p: int, i: int, dealt: int) -> tuple[int, Optional[int]]:
        key = (dealt, p, i)
        if key not in self._strength:
            board = self._board + [c for c in range(52) if dealt >> c & 1]
            hole = list(self._holes[p][i])
            self._strength[key] = (best_high(hole, board), best_low(hole, board))
        return self._strength[key]

    def _share(self, p: int, dealt: int, reach: list[float]) -> tuple[list[float], list[float]]:
        """Per hand of p alive under ``dealt``: the reach-weighted sum of its pot fractions
        against the other's hands disjoint from it, and the sum of their reach (0 when dead)."""
        share: list[float] = []
        weight: list[float] = []
        for i, mine in enumerate(self._masks[p]):
            s = w = 0.0
            if not mine & dealt:
                me = self._hand_strength(p, i, dealt)
                for j, (other, r) in enumerate(zip(self._masks[1 - p], reach)):
                    if r != 0.0 and not mine & other:
                        them = self._hand_strength(1 - p, j, dealt)
                        s += r * pair_share(me, them)
                        w += r
            share.append(s)
            weight.append(w)
        return share, weight

    def _payoff(self, node: int, p: int) -> float:
        kind = self._kinds[node]
        pot, put_in = self._amounts[3 * node], self._amounts[3 * node + 1 + p]
        return pot - put_in if (kind == 2 and p == 1) or (kind == 3 and p == 0) else -put_in

    def begin(self, mode: int, iteration: int = 0, player: int = 0) -> None:
        if mode not in (0, 1, 2):
            raise JobError(f"mode {mode!r} is not 0, 1 or 2")
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if mode == 0:
            if self._released:
                raise JobError("this StreetJob's regrets were released: its solve is over")
            if iteration != self.iteration + 1 - player:
                raise JobError(
                    f"player {player}'s half of iteration {iteration} does not follow "
                    f"{'iteration' if player == 0 else 'OOP in iteration'} {self.iteration}"
                )
            t = float(iteration - 1)
            self._discounts = (t**1.5 / (t**1.5 + 1.0), 0.5, (t / (t + 1.0)) ** 2)
            self.iteration = iteration
        self._mode, self._player = mode, player
        cut(self, 1, 2)

    def _do_task(self, worker: int, task: int) -> int:
        p = self._player
        self._roots[p] = self._traverse(p, 0, self._weights[1 - p], [1.0] * len(self._holes[p]))
        return 1

    def _sigma(self, node: int) -> list[float]:
        """The strategy ``node`` plays, [action][hand] flat: regret matching, or the average."""
        q = self._kinds[node]
        n, count, at = len(self._holes[q]), self._counts[node], self._offset[node]
        # Mode 0 reads the regrets, there until release_regrets.
        source = self._sums[q] if self._mode else cast("_Numbers", self._regret[q])
        scale = self._scale[1 if self._mode else 0][node] if self._compressed else 1.0
        sigma = [0.0] * (count * n)
        for i in range(n):
            positive = [max(source[at + a * n + i] * scale, 0.0) for a in range(count)]
            total = sum(positive)
            for a in range(count):
                sigma[a * n + i] = positive[a] / total if total > 0 else 1.0 / count
        lock = self._locked.get(node)
        if lock is not None:
            for i in range(n):
                if lock[i] == lock[i]:  # not NaN: the hand plays its lock
                    for a in range(count):
                        sigma[a * n + i] = lock[a * n + i]
        return sigma

    def lock_strategy(self, node: int, strategy: bytes | bytearray | memoryview) -> None:
        if not (isinstance(node, int) and 0 <= node < len(self._kinds)) or self._kinds[node] > 1:
            raise JobError(f"node {node} is not a decision of this tree")
        self._locked[node] = check_lock(self._counts[node], len(self._holes[self._kinds[node]]), strategy)

    def _leaf(self, p: int, node: int, reach: list[float]) -> list[float]:
        kind = self._kinds[node]
        if kind == _SHOWDOWN:
            share, weight = self._share(p, self._dealt[node], reach)
            pot, put_in = self._amounts[3 * node], self._amounts[3 * node + 1 + p]
            return [pot * s - put_in * w for s, w in zip(share, weight)]
        payoff = self._payoff(node, p)
        return [payoff * w for w in self._weight(p, self._dealt[node], reach)]

    def _traverse(self, p: int, node: int, opp_reach: list[float], own_reach: list[float]) -> list[float]:
        n = len(self._holes[p])
        kind = self._kinds[node]
        first, count = self._firsts[node], self._counts[node]
        if kind == _CHANCE:
            out = [0.0] * n
            for child in range(first, first + count):
                bit = 1 << self._cards[child]
                opp = [0.0 if mask & bit else r for r, mask in zip(opp_reach, self._masks[1 - p])]
                own = [0.0 if mask & bit else r for r, mask in zip(own_reach, self._masks[p])]
                values = self._traverse(p, child, opp, own)
                for i, mask in enumerate(self._masks[p]):
                    if not mask & bit:
                        out[i] += values[i]
                # The mirror cards' values: the solved card's, each hand's swapped hand's.
                for j, perm in enumerate(self._perms[p]):
                    if self._mirrors[child] >> j & 1:
                        for i, h in enumerate(perm):
                            if not self._masks[p][h] & bit:
                                out[i] += values[h]
            return [v * (1.0 / self._left[node]) for v in out]
        if kind == _SHOWDOWN:
            return self._leaf(p, node, opp_reach)
        if kind == p:
            return self._own(p, node, opp_reach, own_reach)
        m = len(self._holes[1 - p])
        sigma = self._sigma(node)
        out = [0.0] * n
        for a in range(count):
            reach = [opp_reach[o] * sigma[a * m + o] for o in range(m)]
            child = first + a
            if 2 <= self._kinds[child] <= 4:
                values = self._leaf(p, child, reach)
            else:
                values = self._traverse(p, child, reach, own_reach)
            for i in range(n):
                out[i] += values[i]
        return out

    def _own(self, p: int, node: int, opp_reach: list[float], own_reach: list[float]) -> list[float]:
        n = len(self._holes[p])
        first, count, at = self._firsts[node], self._counts[node], self._offset[node]
        sigma = self._sigma(node) if self._mode != 1 else None
        values: list[list[float]] = []
        for a in range(count):
            child = first + a
            if 2 <= self._kinds[child] <= 4:
                values.append(self._leaf(p, child, opp_reach))
            elif self._mode == 0 and sigma is not None:
                own = [own_reach[i] * sigma[a * n + i] for i in range(n)]
                values.append(self._traverse(p, child, opp_reach, own))
            else:
                values.append(self._traverse(p, child, opp_reach, own_reach))
        if sigma is None:
            # A best response moves only the hands the node's lock leaves free.
            lock = self._locked.get(node)
            return [
                sum(lock[a * n + i] * values[a][i] for a in range(count))
                if lock is not None and lock[i] == lock[i]
                else max(values[a][i] for a in range(count))
                for i in range(n)
            ]
        out = [0.0] * n
        for a in range(count):
            for i in range(n):
                out[i] += sigma[a * n + i] * values[a][i]
        if self._mode == 0 and self._compressed:
            self._update16(p, node, values, sigma, own_reach, out)
        elif self._mode == 0:
            positive, negative, keep = self._discounts
            regret, sums = cast("_Numbers", self._regret[p]), self._sums[p]  # mode 0: not released
            for a in range(count):
                for i in range(n):
                    x = regret[at + a * n + i]
                    regret[at + a * n + i] = x * (positive if x > 0 else negative) + (values[a][i] - out[i])
                    sums[at + a * n + i] = sums[at + a * n + i] * keep + own_reach[i] * sigma[a * n + i]
        return out

    def _update16(
        self, p: int, node: int, values: list[list[float]], sigma: list[float], own_reach: list[float], out: list[float]
    ) -> None:
        """The compiled street_update16: new regrets and sums in double, then each array
        stored in 16 bits with the float32 scale its largest magnitude sets."""
        n, count, at = len(self._holes[p]), self._counts[node], self._offset[node]
        positive, negative, keep = self._discounts
        regret, sums = cast("_Numbers", self._regret[p]), self._sums[p]  # mode 0: not released
        regret_scale, sums_scale = self._scale[0][node], self._scale[1][node]
        new_regret: list[float] = []
        new_sums: list[float] = []
        for a in range(count):
            for i in range(n):
                j = at + a * n + i
                x = regret[j] * regret_scale
                x = x * (positive if x > 0 else negative) + (values[a][i] - out[i])
                new_regret.append(x)
                new_sums.append(sums[j] * sums_scale * keep + own_reach[i] * sigma[a * n + i])
        for which, numbers, most, stored in ((0, new_regret, 32767.0, regret), (1, new_sums, 65535.0, sums)):
            big = max(abs(x) for x in numbers)
            step = array("f", [big / most])[0] if big > 0 else 1.0
            step = step or 1.0
            self._scale[which][node] = step
            low = -most if which == 0 else 0.0
            for j, x in enumerate(numbers):
                stored[at + j] = int(min(max(math.floor(x / step + 0.5), low), most))

    def root(self, player: int) -> array[float]:
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        return array("d", self._roots[player] or [0.0] * len(self._holes[player]))

    def average(self, node: int) -> array[float]:
        return self._strategy(node, 2)

    def values_at(self, player: int, node: int, opp_reach: ReadableBuffer) -> tuple[array[float], array[float]]:
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if not (isinstance(node, int) and 0 <= node < len(self._kinds)):
            raise JobError(f"node {node} is not a node of this tree")
        reach = list(array("d", bytes(opp_reach)))
        m = len(self._holes[1 - player])
        if len(reach) != m:
            raise JobError(f"opp_reach has {len(reach)} values, not one for each of the other's {m} hands")
        kept, self._mode = self._mode, 2
        try:
            values = self._traverse(player, node, reach, [1.0] * len(self._holes[player]))
        finally:
            self._mode = kept
        return array("d", values), array("d", self._weight(player, 0, reach))

    def release_regrets(self) -> None:
        self._regret = [None, None]
        self._released = True

    def state(self, player: int) -> tuple[bytes, bytes]:
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if self._released:
            raise JobError("this StreetJob's regrets were released: there is no state to resume from")
        return cast("_Numbers", self._regret[player]).tobytes(), self._sums[player].tobytes()  # not released

    def scales(self) -> tuple[bytes, bytes]:
        if not self._compressed:
            return b"", b""
        return array("f", self._scale[0]).tobytes(), array("f", self._scale[1]).tobytes()

    def load_state(
        self,
        iteration: int,
        oop_regrets: ReadableBuffer,
        oop_sums: ReadableBuffer,
        ip_regrets: ReadableBuffer,
        ip_sums: ReadableBuffer,
        regret_scales: ReadableBuffer = b"",
        sums_scales: ReadableBuffer = b"",
    ) -> None:
        if self._released:
            raise JobError("this StreetJob's regrets were released: its solve is over")
        if iteration < 0:
            raise JobError(f"iteration is 0 or more, not {iteration}")
        bits = 16 if self._compressed else 32
        nodes = len(self._kinds)
        read = [
            check_state(
                regrets,
                sums,
                *((regret_scales, sums_scales) if p == 0 else (b"", b"")),
                len(self._sums[p]),
                nodes if p == 0 else 0,
                bits,
            )
            for p, (regrets, sums) in enumerate(((oop_regrets, oop_sums), (ip_regrets, ip_sums)))
        ]
        for p in (0, 1):
            self._regret[p], self._sums[p] = read[p][0], read[p][1]
        if self._compressed:  # 16 bits: OOP's scales were read
            scales = cast("tuple[array[int], array[int], array[float], array[float]]", read[0])
            self._scale = [list(scales[2]), list(scales[3])]
        self.iteration = iteration

    def load_averages(
        self, oop_sums: bytes | bytearray | Iterable[float], ip_sums: bytes | bytearray | Iterable[float]
    ) -> None:
        if self._compressed:
            for p, given in enumerate((oop_sums, ip_sums)):
                shorts = array("H", given)
                if len(shorts) != len(self._sums[p]):
                    raise JobError(f"player {p}'s sums are {len(shorts):,} 16-bit numbers, not {len(self._sums[p]):,}")
                self._sums[p] = shorts
            self._scale[1] = [1.0] * len(self._kinds)
            return
        for p, given in enumerate((oop_sums, ip_sums)):
            sums = array("f", given)
            if len(sums) != len(self._sums[p]):
                raise JobError(f"player {p}'s sums are {len(sums):,} floats, not {len(self._sums[p]):,}")
            if any(not 0.0 <= x <= 1.0 for x in sums):
                raise JobError(f"player {p}'s average strategies are probabilities")
            self._sums[p] = sums

    def averages(self, player: int, bits: int = 32) -> array[float] | array[int]:
        if player not in (0, 1):
            raise JobError("player is 0 (OOP) or 1 (IP)")
        if bits not in (16, 32):
            raise JobError(f"averages are 16 or 32 bits, not {bits!r}")
        out: _Numbers = array("f" if bits == 32 else "H")
        for node, kind in enumerate(self._kinds):
            if kind == player:
                played = self.average(node)
                out.extend(
                    array("f", played) if bits == 32 else array("H", [math.floor(x * 65535.0 + 0.5) for x in played])
                )
        return out

    def current(self, node: int) -> array[float]:
        return self._strategy(node, 0)

    def _strategy(self, node: int, mode: int) -> array[float]:
        if not (isinstance(node, int) and 0 <= node < len(self._kinds)) or self._kinds[node] > 1:
            raise JobError(f"node {node} is not a decision of this tree")
        kept, self._mode = self._mode, mode
        try:
            return array("d", self._sigma(node))
        finally:
            self._mode = kept


def check_averages(
    averages: ReadableBuffer, counts: Iterable[int], hands: int, bits: int = 32
) -> array[float] | array[int]:
    """The compiled ``check_averages``: every saved probability in [0, 1], each hand's adding
    up to 1 within float32's rounding; the floats read. ``bits`` 16: uint16, each hand's adding
    up to 65535 within half a unit an action."""
    if bits not in (16, 32):
        raise JobError(f"averages are 16 or 32 bits, not {bits!r}")
    flat: _Numbers = array("f" if bits == 32 else "H", bytes(averages))
    sizes = [int(c) for c in counts]
    if any(size < 1 for size in sizes):
        raise JobError("a decision has no action")
    if sum(sizes) * hands != len(flat):
        unit = "floats" if bits == 32 else "16-bit numbers"
        raise JobError(f"the strategies are {len(flat):,} {unit}, not {sum(sizes) * hands:,}")
    at = 0
    for d, size in enumerate(sizes):
        for i in range(hands):
            column = [flat[at + a * hands + i] for a in range(size)]
            if bits == 16:
                strategy = 2 * abs(sum(column) - 65535) <= size
            else:
                strategy = all(0.0 <= x <= 1.0 for x in column) and 1.0 - 1e-4 < sum(column) < 1.0 + 1e-4
            if not strategy:
                raise JobError(f"decision {d}: hand {i}'s probabilities are not a strategy")
        at += size * hands
    return flat


def check_state(
    regrets: ReadableBuffer,
    sums: ReadableBuffer,
    regret_scales: ReadableBuffer,
    sums_scales: ReadableBuffer,
    size: int,
    nodes: int,
    bits: int = 32,
) -> tuple[array[float], array[float], None, None] | tuple[array[int], array[int], array[float], array[float]]:
    """The compiled ``check_state``: ``size`` float32 regrets (finite) and sums (finite, 0 or
    more), or (``bits`` 16) int16 and uint16 with ``nodes`` float32 scales each, finite and
    above 0; the arrays read (the scales None where there are none)."""
    if bits not in (16, 32):
        raise JobError(f"a state is of 16 or 32 bits, not {bits!r}")
    width = 4 if bits == 32 else 2
    given = [bytes(regrets), bytes(sums)]
    for name, block in zip(("regrets", "sums"), given):
        if len(block) != size * width:
            raise JobError(f"the {name} are {len(block):,} bytes, not {size * width:,}")
    scales = [bytes(regret_scales), bytes(sums_scales)]
    for name, block in zip(("regret scales", "sums scales"), scales):
        if len(block) != (4 * nodes if bits == 16 else 0):
            raise JobError(f"the {name} are {len(block):,} bytes, not {4 * nodes if bits == 16 else 0:,}")
    if bits == 16:
        shorts = (array("h", given[0]), array("H", given[1]))
        read_scales: list[array[float]] = []
        for name, block in zip(("regret scales", "sums scales"), scales):
            read = array("f", block)
            for i, x in enumerate(read):
                if not (0.0 < x < math.inf):
                    raise JobError(f"the {name}[{i}] is {x!r}: a scale is finite and above 0")
            read_scales.append(read)
        return shorts[0], shorts[1], read_scales[0], read_scales[1]
    out: list[array[float]] = []
    for name, block, least in (("regrets", given[0], -math.inf), ("sums", given[1], 0.0)):
        read = array("f", block)
        for i, x in enumerate(read):
            if not (least <= x < math.inf) or x == -math.inf:
                rule = "finite" if name == "regrets" else "finite and 0 or more"
                raise JobError(f"the {name}[{i}] is {x!r}: each is {rule}")
        out.append(read)
    return out[0], out[1], None, None
