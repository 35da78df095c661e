# Types for compiling game.py with Cython (pure Python mode): the same source runs as plain
# Python where nothing compiles. Chip counts are C 64-bit ints; Hand checks at construction
# that no amount can pass MAX_CHIPS.
cimport cython

# The Kind and Street members the engine records, as C globals: no dictionary lookup an action.
cdef object _ANTE, _SMALL_BLIND, _BIG_BLIND, _DEAD_BLIND, _HOLE_CARDS, _BOARD, _FOLD, _CHECK, _CALL
cdef object _BET, _RAISE, _RETURN, _PREFLOP

cdef class Hand:
    cdef int _n
    cdef object _limit_word
    cdef tuple _blinds
    cdef object _ante
    cdef tuple _fixed_bets
    cdef object _max_raises
    cdef int _hole_size
    cdef object _seed
    cdef object _actor
    cdef long long _to_call
    cdef bint _can_check
    cdef object _min_raise_to
    cdef object _max_raise_to
    cdef readonly list _holes
    cdef readonly tuple _board_cards
    cdef int _limit
    cdef list _stacks
    cdef tuple _starting
    cdef list _bets
    cdef list _put_in
    cdef list _folded
    cdef readonly list _acted
    cdef list _reopen_at
    cdef int _live
    cdef int _street
    cdef int _ended_on
    cdef list _history
    cdef object _result
    cdef object _aggressor
    cdef object _final_aggressor
    cdef tuple _showing
    cdef tuple _all_in_at_end
    cdef long long _to_match
    cdef long long _full_size
    cdef long long _full_level
    cdef int _full_count
    cdef object _why_no_raise
    cdef list _extra_posts
    cdef object _acquire
    cdef object _release
    cdef bint _wait_for_board
    cdef int _waiting

    cdef void _post(self, int seat, long long amount, object kind)
    cdef void _post_blinds_and_deal(self)
    @cython.locals(step=int, seat=int, n=int)
    cdef object _next_actor(self, int start)
    @cython.locals(other=int)
    cdef bint _others_can_go_past(self, int seat, long long level)
    cdef void _start_betting(self, int first)
    @cython.locals(bet="long long", stack="long long", to_match="long long", reach="long long",
                   target="long long", pot_limit="long long")
    cdef void _set_actor(self, int seat)
    cdef long long _unit(self)
    @cython.locals(total="long long", unit="long long")
    cdef object _record(self, int seat, object kind, long long added)
    @cython.locals(unit="long long", full=bint, other=int)
    cdef void _raise_level(self, int seat, long long total)
    cdef object _raise_to(self, int actor, object total)
    cdef object _turn_problem(self, object seat, str what)
    cdef object _check_problem(self, object seat)
    cdef object _call_problem(self, object seat)
    cdef object _raise_problem(self, object total, object seat)
    @cython.locals(reach="long long")
    cdef object _amount_problem(self, int actor, object total)
    @cython.locals(actor=int, reach="long long")
    cdef object _all_in_problem(self, object seat)
    @cython.locals(top="long long", second="long long", back="long long", owner=int, seat=int)
    cdef void _return_uncalled(self)
    cdef void _end_round(self)
    @cython.locals(n=int, can_bet=int, seat=int, needed=int)
    cdef void _next_street(self)
    @cython.locals(n=int)
    cdef void _start_round(self)
    cdef void _copy_into(self, Hand other)
    cdef void _deal_board(self)
    cdef void _over(self)
    cdef void _win_by_folds(self)
    cdef void _showdown(self)
