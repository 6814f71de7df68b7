"""The Khet engine's hot loops, written once: compiled by Cython where it can, plain Python elsewhere.

`ludoteca.ai.native.compiled` turns this file into a C extension (Cython's pure-Python mode: the
`cython.*` annotations give C types, plain Python ignores them); without a compiler, or with
`LUDOTECA_NATIVE=0`, the same functions run as written. `tests/khet/test_kernel.py` checks both
forms against the rules (`moves.py`, `laser.py`, `game.py`) and the evaluation (`evaluation.py`).

What lives here: the board being searched (the rules' 121-cell mailbox, one C array), move
generation, make/unmake with Zobrist keys, the fast laser tracer, perft, the evaluation and the
whole fixed-depth search (negamax with principal variation search, a transposition table, killer
and history ordering, null-move pruning, the frontier's cold-move shortcut). Iterative deepening,
the clock and the root's noise stay in Python (`search.py`), which calls `root_value` per root move.

The search is `search.py`'s former pure-Python design carried over: a beam's analysis (what it
lights, crosses and destroys; the `potential` the evaluation reads) is kept per ply and per colour
and inherited by a child when the move touches neither the beam nor what its potential read.

Rules for writing in this file, so that both forms compute the same thing:
* the rules' tables (`laser.INTERACTION`, the turned pieces, values, keys) are copied into C arrays
  when the module loads, so every fact about pieces still has one source;
* masks of squares are two `cython.ulonglong` words (squares 0–63 and 64–127), never shifted by 64
  or more;
* C arrays are declared with `cython.declare` and replaced by lists in plain Python (Cython's
  stand-in arrays check every item they store, which is very slow);
* scores are C ints in hundredths of `evaluation.py`'s units, so the plain form computes exactly
  what the compiled one does.
"""

from __future__ import annotations

from array import array

import cython

from ludoteca.games.khet import board as _rules_board
from ludoteca.games.khet import evaluation as _rules_evaluation
from ludoteca.games.khet import laser as _rules_laser
from ludoteca.games.khet import moves as _rules_moves
from ludoteca.games.khet.keys import SIDE_KEY, ZOBRIST

# ----- constants (C constants: the rules' own values, checked against them below) ------------------
if not cython.compiled:
    # the compiled form reads these from kernel.pxd, as C macros
    WIDTH = 11
    SIZE = 121
    OFF = 127
    PHARAOH = 1
    SPHINX = 2
    OBELISK = 6
    MOVE = 0
    TURN_CW = 1
    TURN_CCW = 2
    UNSTACK = 3
    PASS = 4
    #: the null move of the search: nothing moves, the mover's beam fires as it stands
    NULL = 7
    DESTROYED = -2
    SPLIT = -3

    MAX_PLY = 64
    #: plies of per-node storage: up to MAX_PLY, a null move beyond it, and one scratch ply
    PLIES = 67
    SCRATCH = 66
    MAX_MOVES = 256
    #: squares a shot may destroy, and empty squares it may cross (each way at most once)
    MAX_DESTROYED = 16
    MAX_PATH = 320

    #: results of a move (for the mover) besides WIN, -WIN and 0 (both Pharaohs: a draw)
    NONE = 12345
    WIN = 100_000_000
    INF = 1_000_000_000
    #: `evaluation.THREAT_WIN` in the kernel's units
    THREAT_WIN = 2_000_000
    FULL_MATERIAL = 1800
    EXACT = 0
    LOWER = 1
    UPPER = 2

    _ONE = 1

# ----- tables (filled from the rules below) -------------------------------------------------------
_inter = cython.declare(cython.int[512])  # type: ignore[misc,valid-type]
_reflect = cython.declare(cython.int[512])  # type: ignore[misc,valid-type]
_cw = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_ccw = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_allowed = cython.declare(cython.int[256])  # type: ignore[misc,valid-type]
_value = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_one_value = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_targets = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_mirror = cython.declare(cython.int[256])  # type: ignore[misc,valid-type]
_turning = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_turns = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_swap = cython.declare(cython.int[256])  # type: ignore[misc,valid-type]
_sphinx_turn = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_zob = cython.declare(cython.ulonglong[15488])  # type: ignore[misc,valid-type]
_squares = cython.declare(cython.int[80])  # type: ignore[misc,valid-type]
_step = cython.declare(cython.int[4])  # type: ignore[misc,valid-type]
_nbr = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
_home = cython.declare(cython.int[2])  # type: ignore[misc,valid-type]
_housing = cython.declare(cython.int[2])  # type: ignore[misc,valid-type]
_housing_dir = cython.declare(cython.int[2])  # type: ignore[misc,valid-type]
_dist = cython.declare(cython.int[14641])  # type: ignore[misc,valid-type]
_ring1 = cython.declare(cython.int[968])  # type: ignore[misc,valid-type]
_ring1_n = cython.declare(cython.int[121])  # type: ignore[misc,valid-type]
_ring2 = cython.declare(cython.int[1936])  # type: ignore[misc,valid-type]
_ring2_n = cython.declare(cython.int[121])  # type: ignore[misc,valid-type]
_near_lo = cython.declare(cython.ulonglong[121])  # type: ignore[misc,valid-type]
_near_hi = cython.declare(cython.ulonglong[121])  # type: ignore[misc,valid-type]
_side_key = cython.declare(cython.ulonglong, 0)

# ----- the weights of the evaluation, in hundredths of `evaluation.Weights` ----------------------------
_w_own = cython.declare(cython.int, 80)
_w_their = cython.declare(cython.int, 35)
_w_pharaoh = cython.declare(cython.int, 25000)
_w_self = cython.declare(cython.int, 15)
_w_potential = cython.declare(cython.int, 4)
_w_exposure = cython.declare(cython.int, 0)
_w_guard = cython.declare(cython.int, 600)
_w_trade = cython.declare(cython.int, 50)
_close = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
_close_n = cython.declare(cython.int, 0)

# ----- the position being searched --------------------------------------------------------------------
_b = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_horus = cython.declare(cython.bint, False)
_root_side = cython.declare(cython.int, 0)
_key = cython.declare(cython.ulonglong, 0)
_mat = cython.declare(cython.int[2])  # type: ignore[misc,valid-type]
_king = cython.declare(cython.int[2])  # type: ignore[misc,valid-type]

# per ply: the move made from it and what unmaking it needs
_u_move = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
_u_p = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
_u_q = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
_u_key = cython.declare(cython.ulonglong[67])  # type: ignore[misc,valid-type]
_u_mat = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_u_king = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_u_removed = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
_u_rsq = cython.declare(cython.int[1072])  # type: ignore[misc,valid-type]
_u_rpiece = cython.declare(cython.int[1072])  # type: ignore[misc,valid-type]
# per ply: the result of the move that led there (NONE, WIN, -WIN, 0) and the material it won
_result = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
_captured = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]

# per (ply, colour) slot, `ply * 2 + colour`: that colour's beam on the ply's board. `_ref` names the
# slot whose data it is (a parent's, when inherited); the potential is the slot's own.
_ref = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_lit_lo = cython.declare(cython.ulonglong[134])  # type: ignore[misc,valid-type]
_lit_hi = cython.declare(cython.ulonglong[134])  # type: ignore[misc,valid-type]
_n_destroyed = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_destroyed = cython.declare(cython.int[2144])  # type: ignore[misc,valid-type]
_n_path = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_path = cython.declare(cython.int[42880])  # type: ignore[misc,valid-type]
_pot_ok = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_pot = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
_zone_lo = cython.declare(cython.ulonglong[134])  # type: ignore[misc,valid-type]
_zone_hi = cython.declare(cython.ulonglong[134])  # type: ignore[misc,valid-type]

# the tracer's branches still to follow and begun (module-level: declaring them in the function
# would build Cython's stand-in array type on every call in plain Python)
_pending_sq = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]
_pending_d = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]
_started = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]

# per ply: the moves generated there, their ordering keys and what each would capture
_moves = cython.declare(cython.int[17152])  # type: ignore[misc,valid-type]
_keys = cython.declare(cython.int[17152])  # type: ignore[misc,valid-type]
_gains = cython.declare(cython.int[17152])  # type: ignore[misc,valid-type]

# ----- the search's memory --------------------------------------------------------------------------------
#: 2**20 slots; the key stored is XORed with the engine's salt, so two engines (two
#: players in one process) never read each other's entries
_tt_key = cython.declare(cython.ulonglong[1048576])  # type: ignore[misc,valid-type]
_tt_value = cython.declare(cython.int[1048576])  # type: ignore[misc,valid-type]
_tt_move = cython.declare(cython.int[1048576])  # type: ignore[misc,valid-type]
_tt_info = cython.declare(cython.int[1048576])  # type: ignore[misc,valid-type]
_tt_mask = cython.declare(cython.ulonglong, 1048575)
_salt = cython.declare(cython.ulonglong, 0)
_killers = cython.declare(cython.int[134])  # type: ignore[misc,valid-type]
#: indexed by the move's code (below 5 << 14)
_history = cython.declare(cython.int[81920])  # type: ignore[misc,valid-type]
#: keys of the game's earlier positions and of the positions on the current line (a return to one
#: is a draw); `_seen_count` says quickly when a key cannot be among them
_seen_keys = cython.declare(cython.ulonglong[1024])  # type: ignore[misc,valid-type]
#: how many of the game's keys are kept (the rest of the 1024 is for the line being searched)
HISTORY_ROOM = cython.declare(cython.int, 900)
_seen_n = cython.declare(cython.int, 0)
_seen_count = cython.declare(cython.int[4096])  # type: ignore[misc,valid-type]
_nodes = cython.declare(cython.longlong, 0)
_calls = cython.declare(cython.longlong, 0)
_next_check = cython.declare(cython.longlong, 0)
_interval = cython.declare(cython.longlong, 1)
_stopped = cython.declare(cython.bint, False)
_null_move = cython.declare(cython.bint, True)
#: the mate search (`forced_win`): the reply that last refuted an attack at each ply, tried first next time
_refuter = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
#: the first move of the forced win found at each ply
_mating = cython.declare(cython.int[67])  # type: ignore[misc,valid-type]
_check = None  # a Python callable: true when the search must stop

# outputs of `_outcome`
_o_result = cython.declare(cython.int, 0)
_o_gain = cython.declare(cython.int, 0)

if not cython.compiled:
    # plain lists stand for the C arrays, of the same sizes (the same table: the same search)
    _inter, _reflect, _mirror, _allowed, _swap = [0] * 512, [0] * 512, [0] * 256, [0] * 256, [0] * 256
    _cw, _ccw, _value, _one_value, _targets = [0] * 128, [0] * 128, [0] * 128, [0] * 128, [0] * 128
    _turning, _turns, _sphinx_turn, _b = [0] * 128, [0] * 128, [0] * 128, [0] * 128
    _zob, _squares, _step, _nbr = [0] * 15488, [0] * 80, [0] * 4, [0] * 8
    _home, _housing, _housing_dir, _mat, _king = [0] * 2, [0] * 2, [0] * 2, [0] * 2, [0] * 2
    _dist, _ring1, _ring2 = [0] * 14641, [0] * 968, [0] * 1936
    _ring1_n, _ring2_n, _near_lo, _near_hi = [0] * 121, [0] * 121, [0] * 121, [0] * 121
    _close = [0] * 8
    _u_move, _u_p, _u_q, _u_key, _u_removed = [0] * 67, [0] * 67, [0] * 67, [0] * 67, [0] * 67
    _u_mat, _u_king, _u_rsq, _u_rpiece = [0] * 134, [0] * 134, [0] * 1072, [0] * 1072
    _result, _captured = [0] * 67, [0] * 67
    _ref, _lit_lo, _lit_hi, _n_destroyed, _n_path = [0] * 134, [0] * 134, [0] * 134, [0] * 134, [0] * 134
    _destroyed, _path = [0] * 2144, [0] * 42880
    _pot_ok, _pot, _zone_lo, _zone_hi = [0] * 134, [0] * 134, [0] * 134, [0] * 134
    _moves, _keys, _gains = [0] * 17152, [0] * 17152, [0] * 17152
    _pending_sq, _pending_d, _started = [0] * 32, [0] * 32, [0] * 32
    # the table as flat arrays of machine words, as in C: four lists of a million Python ints would
    # be walked by each full garbage collection, in every program that imports this form (as the
    # compiled one's build does)
    _tt_key = array("Q", [0]) * 1048576
    _tt_value, _tt_move, _tt_info = (array("i", [0]) * 1048576 for _ in range(3))
    _killers, _history, _seen_keys, _seen_count = [0] * 134, [0] * 81920, [0] * 1024, [0] * 4096
    _refuter, _mating = [0] * 67, [0] * 67


def _fill_tables() -> None:
    """Copy the rules' tables into the kernel's arrays; the constants above must be the rules'."""
    global _side_key
    rb, ev, lz, mv = _rules_board, _rules_evaluation, _rules_laser, _rules_moves
    assert (WIDTH, SIZE, OFF) == (rb.WIDTH, rb.SIZE, rb.OFF)
    assert (PHARAOH, SPHINX, OBELISK) == (rb.PHARAOH, rb.SPHINX, rb.OBELISK)
    assert (MOVE, TURN_CW, TURN_CCW, UNSTACK, PASS) == (mv.MOVE, mv.TURN_CW, mv.TURN_CCW, mv.UNSTACK, mv.PASS)
    assert DESTROYED == lz.DESTROYED and SPLIT == lz.SPLIT
    assert THREAT_WIN == ev.THREAT_WIN * 100 and FULL_MATERIAL == ev.FULL_MATERIAL
    i: cython.int
    j: cython.int
    for i in range(512):
        _inter[i] = lz.INTERACTION[i]
        outs = lz.SPLIT_OUTS[i]
        _reflect[i] = outs[0] if outs else 0
    for i in range(128):
        real = 0 < i < 127
        _cw[i] = mv.TURNED_CW[i]
        _ccw[i] = mv.TURNED_CCW[i]
        _value[i] = ev.VALUE[i]
        _one_value[i] = ev.VALUE[i & ~6] if real and i >> 3 == OBELISK else ev.VALUE[i]
        _targets[i] = ev.TARGETS[i]
        _turning[i] = real and i >> 3 in (rb.PYRAMID, rb.ANUBIS, rb.SCARAB, rb.DJED, rb.EYE)
        _turns[i] = 2 if real and i >> 3 in (rb.PYRAMID, rb.ANUBIS) else 1 if _turning[i] else 0
        _sphinx_turn[i] = mv.sphinx_turn(i) if real and i >> 3 == SPHINX else 0
        for j in range(2):
            _mirror[j * 128 + i] = ev.MIRROR_OF[j][i]
    for i in range(SIZE):
        _allowed[i] = rb.ALLOWED[0][i]
        _allowed[128 + i] = rb.ALLOWED[1][i]
        ring1, ring2 = ev.RINGS[i]
        _ring1_n[i] = len(ring1)
        _ring2_n[i] = len(ring2)
        for j, sq in enumerate(ring1):
            _ring1[i * 8 + j] = sq
        for j, sq in enumerate(ring2):
            _ring2[i * 16 + j] = sq
        _near_lo[i] = ev.NEARBY[i] & 0xFFFFFFFFFFFFFFFF
        _near_hi[i] = ev.NEARBY[i] >> 64
        for j in range(SIZE):
            _dist[i * SIZE + j] = ev.DISTANCE[i * SIZE + j]
    for i in range(16):
        for j in range(16):
            # what a piece of kind i may swap places with (moves.py says it for one pair of pieces)
            _swap[i * 16 + j] = i >= 1 and j >= 1 and mv.swaps_with(i << 3, j << 3)
    for i in range(128 * SIZE):
        _zob[i] = ZOBRIST[i]
    _side_key = SIDE_KEY
    for i, sq in enumerate(rb.SQUARES):
        _squares[i] = sq
    for i in range(4):
        _step[i] = rb.STEP[i]
    for i in range(8):
        _nbr[i] = rb.NEIGHBOURS[i]
    for i in range(2):
        _home[i] = rb.SPHINX_HOME[i]
        _housing[i] = rb.LASER_HOUSING[i]
        _housing_dir[i] = rb.LASER_DIRECTION[i]


_fill_tables()


# ----- squares as two-word masks ----------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _has(lo: cython.ulonglong, hi: cython.ulonglong, sq: cython.int) -> cython.bint:
    if sq < 64:
        return (lo >> sq) & 1 != 0
    return (hi >> (sq - 64)) & 1 != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _touches(lo: cython.ulonglong, hi: cython.ulonglong, move: cython.int) -> cython.bint:
    """Whether the move's source or target lies in the mask."""
    return _has(lo, hi, move & 127) or _has(lo, hi, (move >> 7) & 127)


# ----- the laser ------------------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _trace(slot: cython.int, origin: cython.int, direction: cython.int) -> cython.int:
    """`laser.shoot_from` into `slot`: lit squares (with the origin), squares destroyed (each once,
    in the order reached) and empty squares crossed, depth first from Eyes as there."""
    lo: cython.ulonglong = 0
    hi: cython.ulonglong = 0
    n_path: cython.int = 0
    n_destroyed: cython.int = 0
    base: cython.int = slot * MAX_PATH
    dbase: cython.int = slot * MAX_DESTROYED
    pending_sq = _pending_sq
    pending_d = _pending_d
    started = _started
    n_pending: cython.int = 0
    n_started: cython.int = 0
    sq: cython.int = origin
    d: cython.int = direction
    t: cython.int
    delta: cython.int
    p: cython.int
    r: cython.int
    k: cython.int
    out: cython.int
    half: cython.int
    known: cython.bint
    if sq < 64:
        lo |= _ONE << sq
    else:
        hi |= _ONE << (sq - 64)
    while True:
        delta = _step[d]
        t = sq + delta
        while _b[t] == 0:
            if t < 64:
                lo |= _ONE << t
            else:
                hi |= _ONE << (t - 64)
            if n_path < MAX_PATH:
                _path[base + n_path] = t << 1 | (d & 1)
                n_path += 1
            t += delta
        p = _b[t]
        if p != OFF:
            if t < 64:
                lo |= _ONE << t
            else:
                hi |= _ONE << (t - 64)
        r = _inter[p << 2 | d]
        if r >= 0:
            sq = t
            d = r
            continue
        if r == DESTROYED:
            known = False
            for k in range(n_destroyed):
                if _destroyed[dbase + k] == t:
                    known = True
            if not known and n_destroyed < MAX_DESTROYED:
                _destroyed[dbase + n_destroyed] = t
                n_destroyed += 1
        elif r == SPLIT:
            for half in range(2):
                out = _reflect[p << 2 | d] if half == 0 else d
                known = False
                for k in range(n_started):
                    if started[k] == t << 2 | out:
                        known = True
                if not known and n_started < 32:
                    started[n_started] = t << 2 | out
                    n_started += 1
                    pending_sq[n_pending] = t
                    pending_d[n_pending] = out
                    n_pending += 1
        if n_pending == 0:
            break
        n_pending -= 1
        sq = pending_sq[n_pending]
        d = pending_d[n_pending]
    _ref[slot] = slot
    _lit_lo[slot] = lo
    _lit_hi[slot] = hi
    _n_path[slot] = n_path
    _n_destroyed[slot] = n_destroyed
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _fire(slot: cython.int, colour: cython.int) -> cython.int:
    """`colour`'s beam on the current board into `slot` (nothing when it has no Sphinx)."""
    home: cython.int
    p: cython.int
    if _horus:
        return _trace(slot, _housing[colour], _housing_dir[colour])
    home = _home[colour]
    p = _b[home]
    if p >> 3 == SPHINX and p & 1 == colour:
        return _trace(slot, home, (p >> 1) & 3)
    _ref[slot] = slot
    _lit_lo[slot] = 0
    _lit_hi[slot] = 0
    _n_path[slot] = 0
    _n_destroyed[slot] = 0
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _outcome(slot: cython.int, mover: cython.int) -> cython.int:
    """What the shot in `slot` (its data's slot) does on the current board, for the mover: the
    result (NONE, WIN, -WIN, 0) into `_o_result`, the material won into `_o_gain`."""
    global _o_result, _o_gain
    fallen: cython.int = 0
    gain: cython.int = 0
    k: cython.int
    piece: cython.int
    base: cython.int = slot * MAX_DESTROYED
    for k in range(_n_destroyed[slot]):
        piece = _b[_destroyed[base + k]]
        if piece >> 3 == PHARAOH:
            fallen |= 1 << (piece & 1)
        if piece & 1 == mover:
            gain -= _one_value[piece]
        else:
            gain += _one_value[piece]
    _o_gain = gain
    if fallen == 0:
        _o_result = NONE
    elif fallen == 3:
        _o_result = 0
    elif (fallen >> mover) & 1:
        _o_result = -WIN
    else:
        _o_result = WIN
    return _o_result


# ----- move generation --------------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _generate(ply: cython.int, colour: cython.int) -> cython.int:
    """`moves.generate` into the ply's list; returns how many."""
    base: cython.int = ply * MAX_MOVES
    n: cython.int = 0
    i: cython.int
    k: cython.int
    sq: cython.int
    to: cython.int
    p: cython.int
    q: cython.int
    kind: cython.int
    allowed: cython.int = colour * 128
    single: cython.int = OBELISK << 3 | colour
    for i in range(80):
        sq = _squares[i]
        p = _b[sq]
        if p == 0 or p & 1 != colour:
            continue
        kind = p >> 3
        if kind == SPHINX:
            _moves[base + n] = sq | sq << 7 | _sphinx_turn[p] << 14
            n += 1
            continue
        for k in range(8):
            to = sq + _nbr[k]
            q = _b[to]
            if q == 0:
                if _allowed[allowed + to]:
                    _moves[base + n] = sq | to << 7
                    n += 1
                    if p == single + 2:  # a stack of two may also shed its top
                        _moves[base + n] = sq | to << 7 | UNSTACK << 14
                        n += 1
            elif (
                q != OFF
                and _allowed[allowed + to]
                and (_swap[kind * 16 + (q >> 3)] or (p == single and q == single))
            ):
                _moves[base + n] = sq | to << 7  # a swap, or stacking the two Obelisks
                n += 1
        if _turns[p] >= 1:
            _moves[base + n] = sq | sq << 7 | TURN_CW << 14
            n += 1
            if _turns[p] == 2:
                _moves[base + n] = sq | sq << 7 | TURN_CCW << 14
                n += 1
    if n == 0:
        _moves[base] = PASS << 14
        n = 1
    return n


# ----- make and unmake -------------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _place(sq: cython.int, piece: cython.int, h: cython.ulonglong) -> cython.ulonglong:
    """Put `piece` on `sq` (the square's old piece taken off); returns the key updated."""
    old: cython.int = _b[sq]
    if old != 0:
        h ^= _zob[old * SIZE + sq]
    if piece != 0:
        h ^= _zob[piece * SIZE + sq]
    _b[sq] = piece
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _apply(move: cython.int) -> cython.int:
    """`moves.apply` on the kernel's board, without keys (for a probe; undone by the caller)."""
    src: cython.int = move & 127
    dst: cython.int = (move >> 7) & 127
    kind: cython.int = move >> 14
    p: cython.int = _b[src]
    q: cython.int
    if kind == MOVE:
        q = _b[dst]
        if q == 0:
            _b[dst] = p
            _b[src] = 0
        elif q == p and p >> 3 == OBELISK:
            _b[dst] = p + 2
            _b[src] = 0
        else:
            _b[dst] = p
            _b[src] = q
    elif kind == TURN_CW:
        _b[src] = _cw[p]
    elif kind == TURN_CCW:
        _b[src] = _ccw[p]
    elif kind == UNSTACK:
        _b[src] = p - 2
        _b[dst] = p - 2
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _make(ply: cython.int, mover: cython.int, move: cython.int) -> cython.int:
    """Play `move` from the position at `ply`: pieces moved, the mover's beam fired, destroyed
    pieces removed, both beams of ply + 1 traced or inherited. Returns the result for the mover."""
    global _key
    src: cython.int = move & 127
    dst: cython.int = (move >> 7) & 127
    kind: cython.int = move >> 14
    p: cython.int = _b[src]
    q: cython.int = _b[dst]
    other: cython.int = 1 - mover
    h: cython.ulonglong = _key ^ _side_key
    mine: cython.int = ply * 2 + mover
    theirs: cython.int = ply * 2 + other
    child_mine: cython.int = mine + 2
    child_theirs: cython.int = theirs + 2
    j: cython.int
    k: cython.int
    sq: cython.int
    piece: cython.int
    fallen: cython.int = 0
    gain: cython.int = 0
    removed: cython.int = 0
    result: cython.int = NONE
    rbase: cython.int = ply * MAX_DESTROYED
    touched: cython.bint
    _u_move[ply] = move
    _u_p[ply] = p
    _u_q[ply] = q
    _u_key[ply] = _key
    _u_mat[ply * 2] = _mat[0]
    _u_mat[ply * 2 + 1] = _mat[1]
    _u_king[ply * 2] = _king[0]
    _u_king[ply * 2 + 1] = _king[1]
    if kind == MOVE:
        if q == 0:
            h = _place(src, 0, h)
            h = _place(dst, p, h)
            if p >> 3 == PHARAOH:
                _king[p & 1] = dst
        elif q == p and p >> 3 == OBELISK:
            h = _place(src, 0, h)
            h = _place(dst, p + 2, h)
        else:
            h = _place(src, q, h)
            h = _place(dst, p, h)
    elif kind == TURN_CW:
        h = _place(src, _cw[p], h)
    elif kind == TURN_CCW:
        h = _place(src, _ccw[p], h)
    elif kind == UNSTACK:
        h = _place(src, p - 2, h)
        h = _place(dst, p - 2, h)
    # the mover's beam: as it stands unless the move touched it
    j = _ref[mine]
    touched = kind != NULL and _touches(_lit_lo[j], _lit_hi[j], move)
    if touched:
        _fire(child_mine, mover)
    else:
        _ref[child_mine] = j
    j = _ref[child_mine]
    if _n_destroyed[j]:
        for k in range(_n_destroyed[j]):
            sq = _destroyed[j * MAX_DESTROYED + k]
            piece = _b[sq]
            _u_rsq[rbase + removed] = sq
            _u_rpiece[rbase + removed] = piece
            removed += 1
            if piece >> 3 == PHARAOH:
                fallen |= 1 << (piece & 1)
                _king[piece & 1] = -1
            if piece & 1 == mover:
                gain -= _one_value[piece]
            else:
                gain += _one_value[piece]
            _mat[piece & 1] -= _one_value[piece]
            # a stack loses its top only
            h = _place(sq, piece - 2 if piece >> 3 == OBELISK and (piece >> 1) & 3 else 0, h)
        if fallen == 3:
            result = 0
        elif fallen:
            result = -WIN if (fallen >> mover) & 1 else WIN
        else:
            _fire(child_mine, mover)
            _fire(child_theirs, other)
        _pot_ok[child_mine] = 0
        _pot_ok[child_theirs] = 0
        if result != NONE:
            _ref[child_theirs] = _ref[theirs]
    else:
        if touched or not _pot_ok[mine] or (kind != NULL and _touches(_zone_lo[mine], _zone_hi[mine], move)):
            _pot_ok[child_mine] = 0
        else:
            _pot_ok[child_mine] = 1
            _pot[child_mine] = _pot[mine]
            _zone_lo[child_mine] = _zone_lo[mine]
            _zone_hi[child_mine] = _zone_hi[mine]
        j = _ref[theirs]
        if kind != NULL and _touches(_lit_lo[j], _lit_hi[j], move):
            _fire(child_theirs, other)
            _pot_ok[child_theirs] = 0
        else:
            _ref[child_theirs] = j
            if not _pot_ok[theirs] or (kind != NULL and _touches(_zone_lo[theirs], _zone_hi[theirs], move)):
                _pot_ok[child_theirs] = 0
            else:
                _pot_ok[child_theirs] = 1
                _pot[child_theirs] = _pot[theirs]
                _zone_lo[child_theirs] = _zone_lo[theirs]
                _zone_hi[child_theirs] = _zone_hi[theirs]
    _u_removed[ply] = removed
    _key = h
    _result[ply + 1] = result
    _captured[ply + 1] = gain
    return result


@cython.cfunc
@cython.exceptval(check=False)
def _unmake(ply: cython.int) -> cython.int:
    global _key
    k: cython.int
    move: cython.int = _u_move[ply]
    rbase: cython.int = ply * MAX_DESTROYED
    for k in range(_u_removed[ply] - 1, -1, -1):
        _b[_u_rsq[rbase + k]] = _u_rpiece[rbase + k]
    _b[(move >> 7) & 127] = _u_q[ply]
    _b[move & 127] = _u_p[ply]
    _key = _u_key[ply]
    _mat[0] = _u_mat[ply * 2]
    _mat[1] = _u_mat[ply * 2 + 1]
    _king[0] = _u_king[ply * 2]
    _king[1] = _u_king[ply * 2 + 1]
    return 0


# ----- perft ------------------------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _perft(ply: cython.int, colour: cython.int, depth: cython.int) -> cython.longlong:
    n: cython.int = _generate(ply, colour)
    total: cython.longlong = 0
    k: cython.int
    if depth == 1:
        return n
    for k in range(n):
        if _make(ply, colour, _moves[ply * MAX_MOVES + k]) == NONE:
            total += _perft(ply + 1, 1 - colour, depth - 1)
        _unmake(ply)
    return total


# ----- the evaluation (evaluation.py, in hundredths of its units) -------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _potential(slot: cython.int, attacker: cython.int) -> cython.int:
    """`evaluation.potential` of the slot's beam, kept in the slot with the squares it read."""
    j: cython.int = _ref[slot]
    base: cython.int = j * MAX_PATH
    total: cython.int = 0
    lo: cython.ulonglong = 0
    hi: cython.ulonglong = 0
    k: cython.int
    n: cython.int
    code: cython.int
    sq: cython.int
    side: cython.int
    e: cython.int
    delta: cython.int
    t: cython.int
    q: cython.int
    factor: cython.int
    mirror: cython.int = attacker * 128
    for k in range(_n_path[j]):
        code = _path[base + k]
        sq = code >> 1
        for side in range(2):
            # across the beam: E and W of a beam going N or S, N and S of one going E or W
            e = 1 + 2 * side if code & 1 == 0 else 2 * side
            delta = _step[e]
            t = sq + delta
            while _b[t] == 0:
                if t < 64:
                    lo |= _ONE << t
                else:
                    hi |= _ONE << (t - 64)
                t += delta
            if t < 64:
                lo |= _ONE << t
            else:
                hi |= _ONE << (t - 64)
            q = _b[t]
            if q & 1 != attacker and _inter[q << 2 | e] == DESTROYED:
                lo |= _near_lo[sq]
                hi |= _near_hi[sq]
                factor = 1
                for n in range(_ring1_n[sq]):
                    if _mirror[mirror + _b[_ring1[sq * 8 + n]]]:
                        factor = 4
                        break
                if factor == 1:
                    for n in range(_ring2_n[sq]):
                        if _mirror[mirror + _b[_ring2[sq * 16 + n]]]:
                            factor = 2
                            break
                total += factor * _targets[q]
    _pot[slot] = total
    _zone_lo[slot] = lo
    _zone_hi[slot] = hi
    _pot_ok[slot] = 1
    return total


@cython.cfunc
@cython.exceptval(check=False)
def _guards(king: cython.int, colour: cython.int) -> cython.int:
    count: cython.int = 0
    k: cython.int
    p: cython.int
    if king < 0:
        return 0
    for k in range(8):
        p = _b[king + _nbr[k]]
        if p != 0 and p != OFF and p & 1 == colour:
            count += 1
    return count


@cython.cfunc
@cython.exceptval(check=False)
def _exposure(king: cython.int, j: cython.int) -> cython.int:
    count: cython.int = 0
    d: cython.int
    sq: cython.int
    if king < 0:
        return 0
    for d in range(4):
        sq = king + _step[d]
        while _b[sq] == 0:
            if _has(_lit_lo[j], _lit_hi[j], sq):
                count += 1
            sq += _step[d]
    return count


@cython.cfunc
@cython.exceptval(check=False)
def _closeness(j: cython.int, king: cython.int) -> cython.int:
    nearest: cython.int = 9
    k: cython.int
    d: cython.int
    base: cython.int = j * MAX_PATH
    if king < 0 or _n_path[j] == 0:
        return 0
    for k in range(_n_path[j]):
        d = _dist[(_path[base + k] >> 1) * SIZE + king]
        if d < nearest:
            nearest = d
    found: cython.int = 0
    if nearest < _close_n:
        found = _close[nearest]
    return found


@cython.cfunc
@cython.cdivision(True)
@cython.exceptval(check=False)
def _evaluate(ply: cython.int, to_move: cython.int) -> cython.int:
    """`evaluation.evaluate_position` for the side to move at `ply`, times 100 (the trading term
    rounded down)."""
    me: cython.int = to_move
    them: cython.int = 1 - to_move
    silver: cython.int = _mat[0]
    red: cython.int = _mat[1]
    lead: cython.int = silver - red if me == 0 else red - silver
    trade: cython.int = lead * _w_trade * (FULL_MATERIAL - silver - red)
    # rounded towards zero in both forms (C and Python round negative quotients differently)
    trade = trade // FULL_MATERIAL if trade >= 0 else -(-trade // FULL_MATERIAL)
    score: cython.int = lead * 100 + trade
    mine: cython.int = _ref[ply * 2 + me]
    theirs: cython.int = _ref[ply * 2 + them]
    k: cython.int
    p: cython.int
    for k in range(_n_destroyed[mine]):
        p = _b[_destroyed[mine * MAX_DESTROYED + k]]
        if p & 1 == them:
            if p >> 3 == PHARAOH:
                return THREAT_WIN
            score += _w_own * _value[p]
        else:
            score -= _w_self * _value[p]
    for k in range(_n_destroyed[theirs]):
        p = _b[_destroyed[theirs * MAX_DESTROYED + k]]
        if p & 1 == me:
            if p >> 3 == PHARAOH:
                score -= _w_pharaoh
            else:
                score -= _w_their * _value[p]
        else:
            score += _w_self * _value[p]
    if _w_potential:
        if not _pot_ok[ply * 2]:
            _potential(ply * 2, 0)
        if not _pot_ok[ply * 2 + 1]:
            _potential(ply * 2 + 1, 1)
        score += _w_potential * (_pot[ply * 2 + me] - _pot[ply * 2 + them])
    if _w_exposure:
        score += _w_exposure * (_exposure(_king[them], mine) - _exposure(_king[me], theirs))
    if _w_guard:
        score += _w_guard * (_guards(_king[me], me) - _guards(_king[them], them))
    if _close_n:
        score += _closeness(mine, _king[them]) - _closeness(theirs, _king[me])
    return score


@cython.cfunc
@cython.exceptval(check=False)
def _zone(king: cython.int, which: cython.int) -> cython.ulonglong:
    """`evaluation.pharaoh_zone`: word `which` (0: squares 0–63, 1: 64–127) of its mask."""
    lo: cython.ulonglong = 0
    hi: cython.ulonglong = 0
    k: cython.int
    sq: cython.int
    if king < 0:
        return 0
    for k in range(9):
        sq = king + _nbr[k] if k < 8 else king
        if sq < 64:
            lo |= _ONE << sq
        else:
            hi |= _ONE << (sq - 64)
    for k in range(4):
        sq = king + _step[k]
        while True:
            if sq < 64:
                lo |= _ONE << sq
            else:
                hi |= _ONE << (sq - 64)
            if _b[sq] != 0:
                break
            sq += _step[k]
    return lo if which == 0 else hi


@cython.cfunc
@cython.exceptval(check=False)
def _has_cold_turn(colour: cython.int, lo: cython.ulonglong, hi: cython.ulonglong) -> cython.bint:
    """Whether `colour` can turn a piece standing on no square of the mask."""
    i: cython.int
    sq: cython.int
    p: cython.int
    for i in range(80):
        sq = _squares[i]
        p = _b[sq]
        if p != 0 and p & 1 == colour and _turning[p] and not _has(lo, hi, sq):
            return True
    return False


# ----- the search -------------------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _terminal(result: cython.int, ply: cython.int) -> cython.int:
    """A finished game's value for the mover, preferring quicker wins and slower losses."""
    if result > 0:
        return result - ply
    if result < 0:
        return result + ply
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _seen(key: cython.ulonglong) -> cython.bint:
    k: cython.int
    found: cython.bint = False
    if _seen_count[key & 4095]:
        for k in range(_seen_n):
            if _seen_keys[k] == key:
                found = True
                break
    return found


@cython.cfunc
@cython.exceptval(check=False)
def _see(key: cython.ulonglong) -> cython.int:
    global _seen_n
    _seen_keys[_seen_n] = key
    _seen_n += 1
    _seen_count[key & 4095] += 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _unsee() -> cython.int:
    global _seen_n
    _seen_n -= 1
    _seen_count[_seen_keys[_seen_n] & 4095] -= 1
    return 0


@cython.cfunc
def _tick() -> cython.bint:
    """Count a call; every `_interval` calls, ask Python whether to stop (clock, cancel)."""
    global _calls, _next_check, _stopped
    _calls += 1
    if _calls >= _next_check:
        _next_check = _calls + _interval
        if _check is not None and _check():
            _stopped = True
    return _stopped


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _outcome_after(move: cython.int, mover: cython.int) -> cython.int:
    """The outcome of `move` (as `_outcome`, gain in `_o_gain`): the board is changed only for the
    shot and put back, so move ordering and the mate search can try every move cheaply."""
    src: cython.int = move & 127
    dst: cython.int = (move >> 7) & 127
    p: cython.int = _b[src]
    q: cython.int = _b[dst]
    result: cython.int
    _apply(move)
    _fire(SCRATCH * 2, mover)
    result = _outcome(SCRATCH * 2, mover)
    _b[dst] = q
    _b[src] = p
    return result


@cython.cfunc
@cython.exceptval(check=False)
def _order(ply: cython.int, mover: cython.int, n: cython.int, tt_move: cython.int) -> cython.int:
    """Give each generated move its ordering key and gain (`_gains`); returns 1 when one of them
    wins at once. A move away from the mover's beam fires the beam as it stands: all those share
    one outcome, found once."""
    base: cython.int = ply * MAX_MOVES
    mine: cython.int = _ref[ply * 2 + mover]
    s0: cython.int = _ref[ply * 2]
    s1: cython.int = _ref[ply * 2 + 1]
    beams_lo: cython.ulonglong = _lit_lo[s0] | _lit_lo[s1]
    beams_hi: cython.ulonglong = _lit_hi[s0] | _lit_hi[s1]
    standing_result: cython.int = NONE
    standing_gain: cython.int = 0
    standing_known: cython.bint = False
    k: cython.int
    move: cython.int
    result: cython.int
    gain: cython.int
    score: cython.int
    for k in range(n):
        move = _moves[base + k]
        if _touches(_lit_lo[mine], _lit_hi[mine], move):
            result = _outcome_after(move, mover)
            gain = _o_gain
        else:
            if not standing_known:
                standing_result = _outcome(mine, mover)
                standing_gain = _o_gain
                standing_known = True
            result = standing_result
            gain = standing_gain
        if result == WIN:
            return 1
        _gains[base + k] = gain
        if move == tt_move:
            score = 10_000_000
        elif result != NONE:
            score = -5_000_000 if result < 0 else 0
        else:
            score = gain * 1000 + _history[move]
            if move == _killers[ply * 2] or move == _killers[ply * 2 + 1]:
                score += 50_000
            if _touches(beams_lo, beams_hi, move):
                score += 20_000
        _keys[base + k] = score
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _pick(ply: cython.int, start: cython.int, n: cython.int) -> cython.int:
    """Bring the best-keyed move of `start…n-1` to `start` (most nodes cut after a few moves, so
    sorting all of them would be wasted)."""
    base: cython.int = ply * MAX_MOVES
    best: cython.int = start
    k: cython.int
    t: cython.int
    for k in range(start + 1, n):
        if _keys[base + k] > _keys[base + best]:
            best = k
    if best != start:
        t = _moves[base + start]
        _moves[base + start] = _moves[base + best]
        _moves[base + best] = t
        t = _keys[base + start]
        _keys[base + start] = _keys[base + best]
        _keys[base + best] = t
        t = _gains[base + start]
        _gains[base + start] = _gains[base + best]
        _gains[base + best] = t
    move: cython.int = _moves[base + start]
    return move


@cython.cfunc
@cython.exceptval(check=False)
def _hot_lo(ply: cython.int) -> cython.ulonglong:
    """Squares 0–63 of what the evaluation reads besides material: both beams, both Pharaohs'
    neighbours and lines."""
    beams: cython.ulonglong = _lit_lo[_ref[ply * 2]] | _lit_lo[_ref[ply * 2 + 1]]
    return beams | _zone(_king[0], 0) | _zone(_king[1], 0)


@cython.cfunc
@cython.exceptval(check=False)
def _hot_hi(ply: cython.int) -> cython.ulonglong:
    """Squares 64–127 of the same."""
    beams: cython.ulonglong = _lit_hi[_ref[ply * 2]] | _lit_hi[_ref[ply * 2 + 1]]
    return beams | _zone(_king[0], 1) | _zone(_king[1], 1)


@cython.cfunc
@cython.exceptval(check=False)
def _frontier(ply: cython.int, mover: cython.int, beta: cython.int) -> cython.int:
    """The value of the node one ply from the horizon: its best child by the evaluation.

    A "cold" move (away from both beams and both Pharaohs' lines and neighbours) changes nothing
    the evaluation reads but the potentials, and destroys what the mover's beam destroys as it
    stands, the same for all of them: every cold move is valued once, as the position after a
    null move (potentials taken as unchanged); only the hot moves are played."""
    global _nodes
    other: cython.int = 1 - mover
    hot_lo: cython.ulonglong = _hot_lo(ply)
    hot_hi: cython.ulonglong = _hot_hi(ply)
    cold: cython.int
    best: cython.int = -INF
    value: cython.int
    n: cython.int
    k: cython.int
    move: cython.int
    result: cython.int
    neutral: cython.bint
    if _n_destroyed[_ref[ply * 2 + mover]] == 0:
        cold = -_evaluate(ply, other)
    else:
        result = _make(ply, mover, NULL << 14)
        if result != NONE:
            cold = _terminal(result, ply + 1)
        else:
            hot_lo |= _hot_lo(ply + 1)
            hot_hi |= _hot_hi(ply + 1)
            cold = -_evaluate(ply + 1, other)
        _unmake(ply)
    neutral = _has_cold_turn(mover, hot_lo, hot_hi)
    if neutral:
        best = cold
        if best >= beta:
            return best
    n = _generate(ply, mover)
    for k in range(n):
        move = _moves[ply * MAX_MOVES + k]
        if neutral and not _touches(hot_lo, hot_hi, move):
            continue
        result = _make(ply, mover, move)
        _nodes += 1
        if result != NONE:
            value = _terminal(result, ply + 1)
        elif _seen(_key):
            value = 0
        else:
            value = -_evaluate(ply + 1, other)
        _unmake(ply)
        if value > best:
            best = value
            if best >= beta:
                break
    return best


@cython.cfunc
def _negamax(
    ply: cython.int,
    mover: cython.int,
    depth: cython.int,
    alpha: cython.int,
    beta: cython.int,
    after_null: cython.bint,
) -> cython.int:
    """Fail-soft negamax with principal variation search; 0 once stopped (the caller looks)."""
    global _nodes
    if _tick():
        return 0
    if depth <= 0 or ply >= MAX_PLY:
        return _evaluate(ply, mover)
    if depth == 1:
        return _frontier(ply, mover, beta)
    key: cython.ulonglong = _key
    slot: cython.int = cython.cast(cython.int, key & _tt_mask)
    tt_move: cython.int = 0
    info: cython.int
    value: cython.int
    other: cython.int = 1 - mover
    s0: cython.int = _ref[ply * 2]
    s1: cython.int = _ref[ply * 2 + 1]
    n: cython.int
    k: cython.int
    move: cython.int
    result: cython.int
    best: cython.int = -INF
    best_move: cython.int = 0
    original_alpha: cython.int = alpha
    flag: cython.int
    if _tt_key[slot] == key ^ _salt:
        tt_move = _tt_move[slot]
        info = _tt_info[slot]
        value = _tt_value[slot]
        if info >> 2 >= depth:
            flag = info & 3
            if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                return value
    # A turn of a piece away from both beams (there nearly always is one) is a real move that only
    # lets the beam fire as it stands: if even that holds beta, so does the best move.
    if (
        _null_move
        and depth >= 3
        and not after_null
        and -THREAT_WIN < beta < THREAT_WIN
        and _has_cold_turn(mover, _lit_lo[s0] | _lit_lo[s1], _lit_hi[s0] | _lit_hi[s1])
    ):
        result = _make(ply, mover, NULL << 14)
        value = 0
        if result == NONE:
            value = -_negamax(ply + 1, other, depth - 3, -beta, -beta + 1, True)
        _unmake(ply)
        if _stopped:
            return 0
        if result == NONE and value >= beta:
            return value
    n = _generate(ply, mover)
    if _order(ply, mover, n, tt_move):
        return WIN - ply - 1
    _see(key)
    for k in range(n):
        move = _pick(ply, k, n)
        result = _make(ply, mover, move)
        _nodes += 1
        if result != NONE:
            value = _terminal(result, ply + 1)
        elif _seen(_key):
            value = 0
        elif k == 0:
            value = -_negamax(ply + 1, other, depth - 1, -beta, -alpha, False)
        else:
            value = -_negamax(ply + 1, other, depth - 1, -alpha - 1, -alpha, False)
            if alpha < value < beta and not _stopped:
                value = -_negamax(ply + 1, other, depth - 1, -beta, -alpha, False)
        _unmake(ply)
        if _stopped:
            _unsee()
            return 0
        if value > best:
            best = value
            best_move = move
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    _reward(ply, move, _gains[ply * MAX_MOVES + k], depth)
                    break
    _unsee()
    flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
    _tt_key[slot] = key ^ _salt
    _tt_value[slot] = best
    _tt_move[slot] = best_move
    _tt_info[slot] = depth << 2 | flag
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _reward(ply: cython.int, move: cython.int, gain: cython.int, depth: cython.int) -> cython.int:
    if gain <= 0 and _killers[ply * 2] != move:
        _killers[ply * 2 + 1] = _killers[ply * 2]
        _killers[ply * 2] = move
    _history[move] = min(_history[move] + depth * depth, 15_000)
    return 0


# ----- forced wins (mate search, for puzzles) ---------------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
def _winning_now(ply: cython.int, mover: cython.int, n: cython.int) -> cython.int:
    """The index of a generated move that wins at once (the other Pharaoh alone falls), or -1.
    A move away from the mover's beam lets the beam fire as it stands: judged once for all."""
    base: cython.int = ply * MAX_MOVES
    mine: cython.int = _ref[ply * 2 + mover]
    standing_known: cython.bint = False
    standing_wins: cython.bint = False
    k: cython.int
    move: cython.int
    for k in range(n):
        move = _moves[base + k]
        if _touches(_lit_lo[mine], _lit_hi[mine], move):
            if _outcome_after(move, mover) == WIN:
                return k
        else:
            if not standing_known:
                standing_wins = _outcome(mine, mover) == WIN
                standing_known = True
            if standing_wins:
                return k
    return -1


@cython.cfunc
def _forces_win(ply: cython.int, mover: cython.int, most: cython.int) -> cython.bint:
    """Whether `mover`, to move at `ply`, wins by force within `most` of its own moves (whatever
    the other side replies); the first move of the win goes to `_mating[ply]`. A win is the other
    Pharaoh falling alone, to either side's beam."""
    global _nodes
    base: cython.int = ply * MAX_MOVES
    n: cython.int = _generate(ply, mover)
    k: cython.int
    move: cython.int
    result: cython.int
    won: cython.bint
    if _tick():
        return False
    k = _winning_now(ply, mover, n)
    if k >= 0:
        _mating[ply] = _moves[base + k]
        return True
    if most <= 1 or ply + 2 >= MAX_PLY:
        return False
    for k in range(n):
        move = _moves[base + k]
        result = _make(ply, mover, move)
        _nodes += 1
        won = result == NONE and _loses(ply + 1, 1 - mover, most - 1)
        _unmake(ply)
        if _stopped:
            return False
        if won:
            _mating[ply] = move
            return True
    return False


@cython.cfunc
def _loses(ply: cython.int, mover: cython.int, most: cython.int) -> cython.bint:
    """Whether every move of `mover` at `ply` loses: it fells its own Pharaoh, or leaves the
    other side a forced win within `most` of that side's moves. Replies that touch the other
    side's beam are tried first (they are the likely defences), the last refutation before them."""
    global _nodes
    base: cython.int = ply * MAX_MOVES
    n: cython.int = _generate(ply, mover)
    theirs: cython.int = _ref[ply * 2 + 1 - mover]
    k: cython.int
    j: cython.int
    t: cython.int
    move: cython.int
    result: cython.int
    lost: cython.bint
    front: cython.int = 0
    for k in range(n):
        move = _moves[base + k]
        if move == _refuter[ply] or _touches(_lit_lo[theirs], _lit_hi[theirs], move):
            t = _moves[base + front]
            _moves[base + front] = move
            _moves[base + k] = t
            if move == _refuter[ply] and front > 0:
                t = _moves[base]
                _moves[base] = move
                _moves[base + front] = t
            front += 1
    for j in range(n):
        move = _moves[base + j]
        result = _make(ply, mover, move)
        _nodes += 1
        # a reply felling its own Pharaoh loses; one that ends the game otherwise does not
        lost = _forces_win(ply + 1, 1 - mover, most) if result == NONE else result == -WIN
        _unmake(ply)
        if _stopped:
            return False
        if not lost:
            _refuter[ply] = move
            return False
    return True


# ----- what Python calls ------------------------------------------------------------------------------------
@cython.ccall
def load(cells: object, to_move: cython.int, horus: cython.bint, history: object) -> cython.int:
    """Set the position to search (a 121-cell board, the side to move) and the keys of the game's
    earlier positions, most recent first; both beams are traced."""
    global _horus, _root_side, _key, _seen_n
    i: cython.int
    p: cython.int
    h: cython.ulonglong = _side_key if to_move else 0
    for i in range(128):
        _b[i] = OFF
    _mat[0] = 0
    _mat[1] = 0
    _king[0] = -1
    _king[1] = -1
    for i in range(SIZE):
        p = cells[i]  # type: ignore[index]
        _b[i] = p
        if 0 < p < OFF:
            h ^= _zob[p * SIZE + i]
            _mat[p & 1] += _value[p]
            if p >> 3 == PHARAOH:
                _king[p & 1] = i
    _horus = horus
    _root_side = to_move
    _key = h
    _fire(0, 0)
    _fire(1, 1)
    _pot_ok[0] = 0
    _pot_ok[1] = 0
    while _seen_n:
        _unsee()
    for past in history:  # type: ignore[attr-defined]
        # the most recent first; older ones give way, so the line searched always finds room
        if _seen_n >= HISTORY_ROOM:
            break
        _see(past)
    _see(h)
    return 0


@cython.ccall
def position_key() -> cython.ulonglong:
    """The loaded position's Zobrist key (`keys.zobrist`)."""
    return _key


@cython.ccall
def set_weights(
    own_threat: cython.int,
    their_threat: cython.int,
    pharaoh_attacked: cython.int,
    self_damage: cython.int,
    potential: cython.int,
    exposure: cython.int,
    guard: cython.int,
    trade: cython.int,
    closeness: object,
) -> cython.int:
    """The evaluation's weights, each `evaluation.Weights` field times 100."""
    global _w_own, _w_their, _w_pharaoh, _w_self, _w_potential, _w_exposure, _w_guard, _w_trade
    global _close_n
    i: cython.int
    _w_own, _w_their, _w_pharaoh, _w_self = own_threat, their_threat, pharaoh_attacked, self_damage
    _w_potential, _w_exposure, _w_guard, _w_trade = potential, exposure, guard, trade
    _close_n = min(len(closeness), 8)  # type: ignore[arg-type]
    for i in range(_close_n):
        _close[i] = closeness[i]  # type: ignore[index]
    return 0


@cython.ccall
def begin(check: object, interval: cython.int, salt: cython.ulonglong, null_move: cython.bint) -> cython.int:
    """Start a search: `check()` is asked every `interval` nodes whether to stop; `salt` marks the
    engine's table entries (a new salt forgets the move-ordering history too)."""
    global _check, _interval, _calls, _next_check, _stopped, _nodes, _salt, _null_move
    i: cython.int
    _check = check
    _interval = max(interval, 1)
    _calls = 0
    _next_check = 0
    _stopped = False
    _nodes = 0
    _null_move = null_move
    if salt != _salt:
        _salt = salt
        for i in range(81920):
            _history[i] = 0
    for i in range(134):
        _killers[i] = 0
    return 0


@cython.ccall
def clear_table() -> cython.int:
    """Forget every position and the ordering history (benchmarks start each run from nothing)."""
    i: cython.int
    for i in range(cython.cast(cython.int, _tt_mask) + 1):
        _tt_key[i] = 0
        _tt_info[i] = 0
    for i in range(81920):
        _history[i] = 0
    return 0


@cython.ccall
def nodes() -> cython.longlong:
    """Positions made since `begin`."""
    return _nodes


@cython.ccall
def stopped() -> cython.bint:
    return _stopped


@cython.ccall
def legal_moves() -> list:  # type: ignore[type-arg]
    """The loaded position's legal moves (`moves.generate`)."""
    n: cython.int = _generate(0, _root_side)
    return [_moves[k] for k in range(n)]


@cython.ccall
def perft(depth: cython.int) -> cython.longlong:
    """Positions exactly `depth` plies from the loaded one (a finished game stops its branch); the
    last ply is counted, not played."""
    if depth <= 0:
        return 1
    return _perft(0, _root_side, depth)


def _shot_tuple(slot: cython.int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    j: cython.int = _ref[slot]
    k: cython.int
    high: object = _lit_hi[j]  # a Python int: the mask has more than 64 bits
    mask = high << 64 | _lit_lo[j]  # type: ignore[operator]
    destroyed = []
    for k in range(_n_destroyed[j]):
        destroyed.append(_destroyed[j * MAX_DESTROYED + k])
    path = []
    for k in range(_n_path[j]):
        path.append(_path[j * MAX_PATH + k])
    return mask, tuple(destroyed), tuple(path)


def _board() -> tuple[int, ...]:
    i: cython.int
    cells = []
    for i in range(SIZE):
        cells.append(_b[i])
    return tuple(cells)


@cython.ccall
def shots() -> tuple:  # type: ignore[type-arg]
    """Both beams of the loaded position, each (mask, destroyed, path) as in `laser.Shot`."""
    return _shot_tuple(0), _shot_tuple(1)


@cython.ccall
def evaluate() -> cython.int:
    """The loaded position's worth for the side to move (`evaluation.evaluate_position` × 100)."""
    return _evaluate(0, _root_side)


@cython.ccall
def after(move: cython.int) -> tuple:  # type: ignore[type-arg]
    """What `move` leads to from the loaded position, as the search sees it, for tests: (board,
    key, result, (Silver's material, Red's), both beams, the evaluation for the side then to move
    or None when the game ended). The position stays loaded."""
    result: cython.int = _make(0, _root_side, move)
    board = _board()
    value = None if result != NONE else _evaluate(1, 1 - _root_side)
    found = (
        board,
        _key,
        None if result == NONE else result,
        (_mat[0], _mat[1]),
        (_shot_tuple(2), _shot_tuple(3)),
        value,
    )
    _unmake(0)
    return found


@cython.ccall
def standing() -> object:
    """The board after the null move the search prunes with (None when it may not: no piece to
    turn away from both beams, or the beam as it stands ends the game), for tests."""
    s0: cython.int = _ref[0]
    s1: cython.int = _ref[1]
    if not _has_cold_turn(_root_side, _lit_lo[s0] | _lit_lo[s1], _lit_hi[s0] | _lit_hi[s1]):
        return None
    result: cython.int = _make(0, _root_side, NULL << 14)
    board = _board() if result == NONE else None
    _unmake(0)
    return board


@cython.ccall
def frontier(beta: cython.int) -> cython.int:
    """The loaded position's value one ply from the horizon, with the cold-move shortcut."""
    return _frontier(0, _root_side, beta)


@cython.ccall
def root_moves() -> list:  # type: ignore[type-arg]
    """Every legal move of the loaded position as (move, result or None, ordering key), in the
    order generated."""
    n: cython.int = _generate(0, _root_side)
    k: cython.int
    found = []
    for k in range(n):
        result = _make(0, _root_side, _moves[k])
        found.append((_moves[k], None if result == NONE else result, _captured[1]))
        _unmake(0)
    _order(0, _root_side, n, 0)
    return [(m, r, _keys[k]) for k, (m, r, _gain) in enumerate(found)]


@cython.ccall
def root_value(
    move: cython.int, depth: cython.int, alpha: cython.int, beta: cython.int, first: cython.bint
) -> cython.int:
    """The value of the root move for the side to move, searched `depth` plies in all (principal
    variation search: a null window unless `first`). 0 when stopped (see `stopped`)."""
    other: cython.int = 1 - _root_side
    value: cython.int
    result: cython.int = _make(0, _root_side, move)
    if result != NONE:
        value = _terminal(result, 1)
    elif _seen(_key):
        value = 0
    elif first:
        value = -_negamax(1, other, depth - 1, -beta, -alpha, False)
    else:
        value = -_negamax(1, other, depth - 1, -alpha - 1, -alpha, False)
        if alpha < value < beta and not _stopped:
            value = -_negamax(1, other, depth - 1, -beta, -alpha, False)
    _unmake(0)
    return value


@cython.ccall
def forced_win(most: cython.int) -> cython.int:
    """The first move of a win the side to move forces within `most` of its own moves from the
    loaded position (the other Pharaoh falls whatever the other side replies), or -1 when there is
    none. Earlier positions do not count here (no draw by repetition within so few moves). Stops
    like a search (`begin`): -1 then too, and `stopped()` says so."""
    i: cython.int
    found: cython.int = -1
    for i in range(67):
        _refuter[i] = 0
    if most >= 1 and _forces_win(0, _root_side, most):
        found = _mating[0]
    return found


@cython.ccall
def remember_root(depth: cython.int, value: cython.int, move: cython.int) -> cython.int:
    """Store the root's finished iteration in the table (its line is read from there)."""
    slot: cython.int = cython.cast(cython.int, _key & _tt_mask)
    _tt_key[slot] = _key ^ _salt
    _tt_value[slot] = value
    _tt_move[slot] = move
    _tt_info[slot] = depth << 2 | EXACT
    return 0


@cython.ccall
def principal_line(depth: cython.int) -> list:  # type: ignore[type-arg]
    """The best line from the loaded position, read back from the table (up to `depth` moves, and
    not past a position met again)."""
    line = []
    ply: cython.int = 0
    mover: cython.int = _root_side
    pushed: cython.int = 0
    slot: cython.int
    move: cython.int
    result: cython.int
    k: cython.int
    n: cython.int
    legal: cython.bint
    while ply < depth and ply < MAX_PLY:
        slot = cython.cast(cython.int, _key & _tt_mask)
        if _tt_key[slot] != _key ^ _salt or _tt_move[slot] == 0:
            break
        move = _tt_move[slot]
        n = _generate(ply, mover)
        legal = False
        for k in range(n):
            if _moves[ply * MAX_MOVES + k] == move:
                legal = True
        if not legal:
            break
        result = _make(ply, mover, move)
        line.append(move)
        ply += 1
        mover = 1 - mover
        if result != NONE or _seen(_key):
            break
        _see(_key)
        pushed += 1
    while pushed:
        _unsee()
        pushed -= 1
    while ply > 0:
        ply -= 1
        _unmake(ply)
    return line
