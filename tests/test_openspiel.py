"""python_omaha8 on OpenSpiel: its own random simulation test (with serialization) on the full
game and the subgame, returns against omaha8.Hand replaying the same cards and actions,
external-sampling MCCFR, and on a tiny river the sequence-form LP, CFR and omaha8.solve_river
agreeing on the value."""

from __future__ import annotations

import pickle
import random
import zlib
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel")

import omaha8  # noqa: E402
from omaha8 import GameConfigError, Hand  # noqa: E402
from omaha8.adapters.openspiel import Omaha8Game, load  # noqa: E402

FULL_GAMES = [{"players": players, "limit": limit} for players in (2, 3, 6) for limit in ("fixed", "pot", "no")] + [
    {"players": 4, "limit": "no", "stacks": "40 7 300 120", "ante": 1, "bets": "1/3 75% 2", "max_raises": 2},
    {"players": 3, "limit": "pot", "hole_size": 5, "blinds": "2 5", "stacks": "60"},
    {"players": 10, "limit": "fixed", "stacks": "12", "max_raises": 3},
]
SUBGAME = {
    "board": "Ks7d2h9c4s",
    "pot": 4,
    "stack": 28,
    "bets": "1",
    "max_raises": 2,
    "ranges": "AsAh2c3d,KhKd5c6c,(QsQcJd8h)@50,Ac3c5d6h|QhQdJc8c,Ad2s3h4c,(KsJs4d5h)@30,7c7h6s3s",
}


def _text(cards) -> str:
    return "".join(map(str, omaha8.parse_cards(list(cards))))


def _name(params: dict) -> str:
    return ",".join(f"{key}={value}" for key, value in params.items())


@pytest.mark.parametrize("params", FULL_GAMES, ids=_name)
def test_random_sim_test_with_serialization_on_the_full_game(params):
    game = pyspiel.load_game("python_omaha8", params)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_random_sim_test_on_the_subgame():
    for limit in ("pot", "no", "fixed"):
        game = pyspiel.load_game("python_omaha8", {**SUBGAME, "limit": limit})
        pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_the_game_string_loads_again_as_it_was():
    game = load(players=3, stacks=[100, 50, 25], bets=[1], limit="no")
    text = str(game)
    assert "stacks=100 50 25" in text and "bets=100%" in text
    again = pyspiel.load_game(text)
    assert str(again) == text and again.num_distinct_actions() == 4
    # The most a seat can lose is its stack; the most it can win, each other stack up to its own.
    assert (game.min_utility(), game.max_utility()) == (-100.0, 75.0)
    # Every pot fraction reads back as itself: a percent where four decimals say it exactly.
    sizes = "1/3 12.5% 0.0625 999.9375 1/7 0.0001 2"
    written = str(load(limit="no", bets=sizes))
    assert "bets=1/3 12.5% 6.25% 99993.75% 1/7 0.01% 200%" in written
    assert pyspiel.load_game(written).setup.rules.bets == Omaha8Game({"limit": "no", "bets": sizes}).setup.rules.bets
    subgame = pyspiel.load_game("python_omaha8", SUBGAME)
    assert "ranges=AsAh2c3d;KhKd5c6c;{QsQcJd8h}@50;" in str(subgame)  # commas and parentheses kept out
    assert str(pyspiel.load_game(str(subgame))) == str(subgame)


# ---------------------------------------------------------------- returns against omaha8.Hand


def _raise_total(hand: Hand, fraction: Fraction) -> int:
    """The convention's chips, worked out here on their own: to match, plus the fraction of the
    pot after the call, halves up, within the hand's limits."""
    actor = hand.actor
    to_match = max(hand.bets)
    call = to_match - hand.bets[actor]
    exact = to_match + fraction * (hand.pot + call)
    total = int(exact) + (1 if exact - int(exact) >= Fraction(1, 2) else 0)
    return min(max(total, hand.min_raise_to), hand.max_raise_to)


def _play_out(state, rng: random.Random):
    chance, moves = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            chance.append(action)
        else:
            action = rng.choice(state.legal_actions())
            moves.append(action)
        state.apply_action(action)
    return chance, moves


@pytest.mark.parametrize("params", FULL_GAMES, ids=_name)
def test_returns_are_what_omaha8_hand_pays_for_the_same_cards_and_actions(params):
    game = pyspiel.load_game("python_omaha8", params)
    setup = game.setup.rules
    n, size = setup.players, setup.hole_size
    fractions = setup.bets
    rng = random.Random(zlib.crc32(_name(params).encode()))
    for _ in range(40):
        state = game.new_initial_state()
        chance, moves = _play_out(state, rng)
        holes = [chance[seat * size : (seat + 1) * size] for seat in range(n)]
        board = chance[n * size :]
        # The hand as a user deals it: every card given up front, no waiting for the board.
        hand = Hand(
            list(setup.stacks),
            limit=setup.limit,
            blinds=setup.blinds,
            ante=setup.ante,
            bets=setup.fixed_bets,
            max_raises=setup.max_raises,
            hole_size=size,
            holes=holes,
            board=board + [c for c in range(52) if c not in chance][: 5 - len(board)],
        )
        for action in moves:
            if action == 0:
                hand.fold()
            elif action == 1:
                hand.call() if not hand.can_check() else hand.check()
            elif action == 2 + len(fractions):
                hand.raise_to(hand.max_raise_to)
            else:
                hand.raise_to(_raise_total(hand, fractions[action - 2]))
        assert hand.result is not None
        assert state.returns() == [float(net) for net in hand.result.net]
        assert sum(state.returns()) == 0


def test_the_subgame_returns_the_river_chips_less_half_the_pot():
    game = pyspiel.load_game("python_omaha8", SUBGAME)
    state = game.new_initial_state()
    wanted = ({int(c) for c in omaha8.parse_cards("AsAh2c3d")}, {int(c) for c in omaha8.parse_cards("Ad2s3h4c")})
    deal = next(
        deal for deal, _ in state.chance_outcomes() if tuple(set(hole) for hole in game.setup.deals[deal]) == wanted
    )
    state.apply_action(deal)
    # OOP bets the pot (4), IP calls: IP's fours and deuces beat the aces for the high half,
    # and both make 7-4-3-2-A: the low is quartered.
    state.apply_action(2)
    state.apply_action(1)
    assert state.is_terminal()
    hand = state.hand
    result = omaha8.showdown("Ks7d2h9c4s", ["AsAh2c3d", "Ad2s3h4c"], [6, 6])
    assert result.payouts == (3, 9)
    assert [r - 6 for r in result.payouts] == state.returns()  # 6 in each: half the pot and the bet
    assert hand.board == tuple(omaha8.parse_cards("Ks7d2h9c4s"))


def test_subgame_chances_are_the_product_of_weights_over_disjoint_pairs():
    game = pyspiel.load_game(
        "python_omaha8",
        {"board": "Ks7d2h9c4s", "pot": 10, "stack": 20, "ranges": "AsAh2c3d@40,AdAc5c6c|AsKh3h4h@20,QhQd8c8d"},
    )
    outcomes = game.new_initial_state().chance_outcomes()
    # AsAh2c3d meets AsKh3h4h: no chance. Weights: 40 x 100, 100 x 20, 100 x 100.
    total = 40 * 100 + 100 * 20 + 100 * 100
    assert sorted(p for _, p in outcomes) == pytest.approx(sorted([4000 / total, 2000 / total, 10000 / total]))
    assert game.max_chance_outcomes() == 4
    # A player loses at most half the pot and its stack, and wins as much.
    assert (game.min_utility(), game.max_utility()) == (-25.0, 25.0)


ODD_SPOT = {
    "board": "Ah8d4cKs2h",
    "pot": 10,
    "stack": 15,
    "limit": "pot",
    "bets": "0.5 1",
    "ranges": "5s2d[4-6]h[8-9]h|TcTh[4-6]h[5-6]c",
}


@pytest.mark.slow
def test_the_subgames_lp_value_is_solve_rivers_on_a_spot_with_odd_chips():
    """Issue 32: the subgame settled on the Hand's whole chips (an odd chip of a split to one
    player), so OpenSpiel's LP valued this spot 7.61574 to solve_river's 7.60417."""
    from open_spiel.python.algorithms import sequence_form_lp

    game = omaha8.adapters.openspiel.load(**ODD_SPOT)
    lp_value, lp_other, _, _ = sequence_form_lp.solve_zero_sum_game(game)
    oop, ip = ODD_SPOT["ranges"].split("|")
    pot = ODD_SPOT["pot"]
    # The subgame raises by its bet fractions too, and caps raises at max_raises (4).
    solution = omaha8.solve_river(
        ODD_SPOT["board"],
        oop,
        ip,
        pot,
        ODD_SPOT["stack"],
        limit="pot",
        bets=(0.5, 1.0),
        raises=(0.5, 1.0),
        max_raises=4,
        iterations=20000,
        exploitability=2e-6,
    )
    assert lp_value + lp_other == pytest.approx(0, abs=1e-6)
    assert abs(lp_value - (solution.value - pot / 2)) < 1e-5 * pot


def test_the_subgame_splits_an_odd_pot_exactly_and_the_full_game_to_the_chip():
    """Every showdown of the subgame pays each player its exact share of the pot (halves split
    among tied winners, no low: all to the high), as omaha8.showdown_values counts it; the
    full game keeps the Hand's odd chip."""
    params = {**SUBGAME, "pot": 10, "stack": 20, "bets": "0.5 1"}
    game = pyspiel.load_game("python_omaha8", params)
    board = params["board"]
    odd = 0
    for deal, _ in game.new_initial_state().chance_outcomes():
        first, second = game.setup.deals[deal]
        share = omaha8.showdown_values(board, _text(first), _text(second)).equity[0]
        for line, river in (((1, 1), 0), ((2, 1), 5), ((3, 1), 10), ((1, 3, 1), 10)):
            state = game.new_initial_state()
            state.apply_action(deal)
            for action in line:
                state.apply_action(action)
            assert state.is_terminal()
            total = 10 + 2 * river
            mine = total * share - total / 2
            assert state.returns() == [mine, -mine]
            odd += mine != int(mine)
        folded = game.new_initial_state().child(deal).child(2).child(0)  # a fold takes the whole pot
        assert folded.returns() == [5.0, -5.0]
    assert odd  # some showdown's pot splits into half chips
    # The worked case: Ad2s3h4c's two pair takes the high half of 10, both make 7-4-3-2-A.
    state = game.new_initial_state()
    wanted = ({int(c) for c in omaha8.parse_cards("AsAh2c3d")}, {int(c) for c in omaha8.parse_cards("Ad2s3h4c")})
    state.apply_action(
        next(
            deal for deal, _ in state.chance_outcomes() if tuple(set(hole) for hole in game.setup.deals[deal]) == wanted
        )
    )
    state.apply_action(1)
    state.apply_action(1)
    assert state.returns() == [-2.5, 2.5]
    assert state.hand.result.net == (-2, 2)  # the Hand's chips: the odd chip to seat 0
    # The full game pays the Hand's chips, odd chip and all.
    full = pyspiel.load_game("python_omaha8", {"limit": "pot", "blinds": "1 1", "stack": 20})
    state = full.new_initial_state()
    for card in omaha8.parse_cards("AsAh2c3d Ad2s3h4c"):
        state.apply_action(int(card))
    board_cards = [int(card) for card in omaha8.parse_cards(board)]
    while not state.is_terminal():  # checked down: a pot of 2 to the showdown
        if state.is_chance_node():
            state.apply_action(board_cards[sum(map(len, state.board_rows()))])
        else:
            state.apply_action(1)
    # The high chip to the two pair, the low chip (the odd one of the quartered low) to seat 0.
    assert state.returns() == [float(net) for net in state.hand.result.net] == [0.0, 0.0]


# ---------------------------------------------------------------- observations


def test_information_states_hide_the_other_hands_and_keep_the_order_of_play():
    game = pyspiel.load_game("python_omaha8", {"players": 2, "limit": "pot"})
    one, two = game.new_initial_state(), game.new_initial_state()
    for card in (0, 1, 2, 3, 4, 5, 6, 7):
        one.apply_action(card)
    for card in (3, 1, 2, 0, 40, 41, 42, 43):  # seat 0's cards in another order, seat 1's others
        two.apply_action(card)
    assert one.current_player() == 1
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(1) != two.information_state_string(1)
    assert one.information_state_tensor(0) == two.information_state_tensor(0)
    raised, called = one.child(3), one.child(1)
    assert raised.information_state_string(0) != called.information_state_string(0)
    assert len(one.information_state_tensor(0)) == game.information_state_tensor_shape()[0]
    assert len(one.observation_tensor(1)) == game.observation_tensor_shape()[0]
    assert "[Private 2c2d2h2s]" in one.information_state_string(0)
    assert "[Pot 3]" in one.observation_string(1)


def test_the_action_rows_of_the_information_tensor_hold_each_action():
    game = pyspiel.load_game("python_omaha8", {"players": 3, "limit": "fixed", "max_raises": 1})
    state = game.new_initial_state()
    for card in range(12):
        state.apply_action(card)
    state.apply_action(2)  # seat 2 raises
    state.apply_action(1)  # seat 0 calls
    observer_tensor = state.information_state_tensor(1)
    actions = game.num_distinct_actions()
    rows = observer_tensor[-game.setup.slots * actions :]
    assert rows[:actions] == [0, 0, 1, 0, 0] and rows[actions : 2 * actions] == [0, 1, 0, 0, 0]
    assert sum(rows) == 2


# ---------------------------------------------------------------- refusals


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = pyspiel.load_game("python_omaha8", {"limit": "pot"})
    state = game.new_initial_state()
    for card in range(8):
        state.apply_action(card)
    before = (str(state), state.legal_actions(), state.history())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(4)  # all-in: the pot raise (6) already says it
    with pytest.raises(Exception, match="already dealt"):
        game.new_initial_state().child(5).apply_action(5)
    assert (str(state), state.legal_actions(), state.history()) == before


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"limit": "half"}, "limit must be"),
        ({"players": 11}, "players must be 2..10"),
        ({"stacks": "100 100 100"}, "one stack for every seat"),
        ({"pot": 10}, "pot is for the subgame"),
        ({"board": "Ks7d2h9c"}, "wrong number of the subgame's board"),
        ({"board": "Ks7d2h9cKs"}, "duplicate card Ks"),
        ({"board": "Ks7d2h9c4s", "pot": 5, "stack": 10, "ranges": "AA**|KK**"}, "pot must be even"),
        ({"board": "Ks7d2h9c4s", "pot": 4, "stack": 10, "ranges": "AA**"}, "two range expressions"),
        ({"board": "Ks7d2h9c4s", "pot": 4, "stack": 10, "ranges": "AsAh2c3d|K?"}, "player 1's range"),
        ({"board": "Ks7d2h9c4s", "pot": 4, "stack": 10, "ranges": "AsKs2c3d|QhQd8c8d"}, "no hand apart from the board"),
        ({"board": "Ks7d2h9c4s", "pot": 4, "stack": 10, "ranges": "AA**|KK**"}, "more deals than"),
        ({"board": "Ks7d2h9c4s", "pot": 4, "stack": 10, "players": 3, "ranges": "AsAh2c3d|QhQd8c8d"}, "heads-up"),
        ({"bogus": 1}, "no parameter 'bogus'"),
    ],
)
def test_bad_parameters_are_an_omaha8_error_naming_the_problem(params, words):
    with pytest.raises(omaha8.Omaha8Error, match=words):
        Omaha8Game(params)


def test_pyspiel_load_game_reports_our_words():
    with pytest.raises(Exception, match="limit must be"):
        pyspiel.load_game("python_omaha8", {"limit": "half"})
    with pytest.raises(GameConfigError):
        load(players=1)


def test_the_subgames_pot_and_stack_are_whole_chips_and_a_real_amount_says_what_to_pass(capfd):
    """Issue 32: pot=10.0 was OpenSpiel's "Wrong type for parameter pot". The subgame bets whole
    chips (its Hand's), so pot and stack stay ints, as game strings read "pot=10"; a float is
    omaha8's error, saying what to pass, before OpenSpiel sees it."""
    with pytest.raises(GameConfigError, match=r"pot must be an int, not float 10\.0: pass pot=10 "):
        load(**{**ODD_SPOT, "pot": 10.0})
    with pytest.raises(GameConfigError, match=r"stack must be an int, not float 15\.5: a whole number of chips"):
        load(**{**ODD_SPOT, "stack": 15.5})
    with pytest.raises(GameConfigError, match="pot must be an int"):
        Omaha8Game({**ODD_SPOT, "pot": 10.0})
    assert "OpenSpiel exception" not in capfd.readouterr().err
    # Whole chips play, from keywords and from a game string alike.
    game = load(**ODD_SPOT)
    assert "pot=10," in str(game) and str(pyspiel.load_game(str(game))) == str(game)
    text = "python_omaha8(board=Ah8d4cKs2h,pot=10,stack=15,ranges=5s2d[4-6]h[8-9]h|TcTh[4-6]h[5-6]c)"
    assert str(pyspiel.load_game(text)) == str(game)


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"players": "3"}, "players must be an int, not str '3'"),
        ({"players": None}, "players must be an int, not NoneType None"),
        ({"players": True}, "players must be an int, not bool True"),
        ({"max_raises": 2.0}, r"max_raises must be an int, not float 2\.0: pass max_raises=2"),
        ({"hole_size": 4.0}, "hole_size must be an int"),
        ({"ante": 1.5}, "ante must be an int"),
        ({"limit": 3}, "limit must be 'fixed', 'pot' or 'no'"),
        ({"limit": None}, "limit must be text"),
        ({"board": True}, "board must be text"),
        ({"stack": 10**12}, "stack must be at most 2,147,483,647"),
        ({"ante": 2**31}, "ante must be at most 2,147,483,647"),
        ({"board": "Ks7d2h9c4s", "pot": 4, "stack": 2**40, "ranges": "AsAh2c3d|QhQd8c8d"}, "stack must be at most"),
        ({"stacks": [2**40, 10]}, None),  # text carries any stack: a game, not an error
        ({"bets": 1}, None),  # a number for a list: its text
        ({"stacks": 300, "players": 3}, None),
        ({"bogus": 1}, "no parameter 'bogus'"),
        ({"board": "Ks7d2h9c"}, "board: wrong number"),
    ],
)
def test_load_checks_every_parameter_before_openspiel(params, words, capfd):
    """Issue 32: OpenSpiel's parser refused wrong types and stack=10**12 with its own SpielError
    (or pybind11's RuntimeError) before omaha8 saw them. load and Omaha8Game read every value
    first: an Omaha8Error naming it, and OpenSpiel never asked."""
    for make in (lambda: load(**params), lambda: Omaha8Game(params)):
        if words is None:
            assert make().num_players() >= 2
        else:
            with pytest.raises(GameConfigError, match=words):
                make()
    assert "OpenSpiel exception" not in capfd.readouterr().err


def test_what_stays_openspiels_to_refuse():
    """pyspiel.load_game parses a game string and types a dict's values against the defaults
    before it calls omaha8: the README says so, and these stay OpenSpiel's errors."""
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter pot"):
        pyspiel.load_game("python_omaha8", {"pot": 10.0})
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter stack"):
        pyspiel.load_game("python_omaha8(stack=10.5)")
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_omaha8(stack=1000000000000)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        pyspiel.load_game("python_omaha8", {"bogus": 1})


def test_numpy_integers_are_ints_and_bools_and_floats_are_not():
    """Issue 32: every count omaha8.adapters.openspiel reads goes by cards.whole_number: numpy integers
    alike with Python ints, bools and floats (numpy's too) refused."""
    np = pytest.importorskip("numpy")
    plain = {"players": 3, "stack": 300, "max_raises": 2, "hole_size": 5, "ante": 1}
    typed = {
        "players": np.int64(3),
        "stack": np.int32(300),
        "max_raises": np.uint8(2),
        "hole_size": np.int16(5),
        "ante": np.int64(1),
    }
    assert str(load(**typed)) == str(Omaha8Game(typed)) == str(load(**plain))
    assert str(load(players=2, stacks=[np.int64(100), 50])) == str(load(players=2, stacks=[100, 50]))
    subgame = {**ODD_SPOT, "pot": np.int64(10), "stack": np.int16(15)}
    assert str(load(**subgame)) == str(Omaha8Game(subgame)) == str(load(**ODD_SPOT))
    refused = [
        {"players": np.True_},
        {"players": 3.0},
        {"max_raises": np.float64(2)},
        {"hole_size": True},
        {"ante": np.float32(1)},
        {"stack": np.float64(300)},
        {"stacks": [200.0, 100]},
        {"stacks": [True, 100]},
        {**ODD_SPOT, "pot": True},
        {**ODD_SPOT, "pot": np.float64(10)},
    ]
    for params in refused:
        for make in (load, lambda **given: Omaha8Game(given)):
            with pytest.raises(GameConfigError):
                make(**params)


def test_states_pickle_and_clone():
    game = pyspiel.load_game("python_omaha8", {"players": 3, "limit": "no"})
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(20):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    assert not state.is_terminal()
    before = str(state)
    clone = state.clone()
    while not clone.is_terminal():
        clone.apply_action(clone.chance_outcomes()[0][0] if clone.is_chance_node() else clone.legal_actions()[0])
    assert str(state) == before and not state.is_terminal()


# ---------------------------------------------------------------- serialization

_PAYLOAD_RAN: list = []


def _payload() -> dict:
    _PAYLOAD_RAN.append(True)
    return {}


class _Payload:
    """A pickle whose loading calls _payload: any code at all could run there."""

    def __reduce__(self):
        return (_payload, ())


def _openspiel_text(state) -> str:
    """The state as OpenSpiel's C++ writes a Python game's state: the history, the move number,
    the pickled __dict__."""
    return pyspiel.serialize_game_and_state(state.get_game(), state).split("[State]\n", 1)[1]


def _same(one, other) -> None:
    assert one.history() == other.history() and str(one) == str(other)
    assert one.returns() == other.returns() and one.current_player() == other.current_player()
    if one.is_chance_node():
        assert one.chance_outcomes() == other.chance_outcomes()
    else:
        assert one.legal_actions() == other.legal_actions()
    for player in range(one.num_players()):
        assert one.information_state_string(player) == other.information_state_string(player)
        assert one.observation_string(player) == other.observation_string(player)
        assert one.information_state_tensor(player) == other.information_state_tensor(player)


def test_deserialize_state_never_unpickles():
    """Issue 32: a Python game's state deserialized by unpickling its __dict__= line, so a
    serialized state ran any code it held. Now a state is its actions and nothing else."""
    import base64

    game = load()
    payload = base64.b64encode(pickle.dumps(_Payload())).decode()
    header = pyspiel.serialize_game_and_state(game, game.new_initial_state()).split("[State]\n", 1)[0]
    for text in (f"history=\nmove_number=0\n__dict__={payload}", f"history=-1:0\nmove_number=1\n__dict__={payload}"):
        with pytest.raises(GameConfigError, match="its actions, one a line"):
            game.deserialize_state(text)
        with pytest.raises(GameConfigError, match="its actions, one a line"):
            omaha8.adapters.openspiel.deserialize_game_and_state(header + "[State]\n" + text)
    assert not _PAYLOAD_RAN
    pickle.loads(base64.b64decode(payload))  # the payload does run where it is unpickled
    assert _PAYLOAD_RAN


def test_deserialize_state_refuses_what_does_not_replay():
    game = load()
    state = game.new_initial_state()
    for card in range(8):
        state.apply_action(card)
    # The issue's: OpenSpiel's text with card 52 first, its pickle holding the cards 2c..3s.
    tampered = _openspiel_text(state).replace("history=-1:0,", "history=-1:52,")
    with pytest.raises(GameConfigError):
        game.deserialize_state(tampered)
    folded = "".join(f"{card}\n" for card in range(8)) + "0\n"  # the button folds: the hand is over
    assert game.deserialize_state(folded).is_terminal()
    for text, words in [
        ("52\n", r"line 1: 52 is not a legal action here \(a card 0..51 not yet dealt\)"),
        ("0\n0\n", "line 2: 0 is not a legal action here"),
        ("".join(f"{card}\n" for card in range(8)) + "9\n", r"line 9: 9 is not a legal action here \(legal: 0 1 2 3\)"),
        (folded + "9\n", "line 10: the hand is over"),
        ("garbage", "line 1 is 'garbage'"),
        ("1\n2\n\n3\n", "line 3 is ''"),
        (" 1\n", "line 1"),
        ("+1\n", "line 1"),
        ("-1\n", "line 1"),
        ("\uff11\n", "line 1"),
        ("1\r\n", "line 1"),
        ("0\n" * 1000, "more actions than"),
        ("9" * 40, "line 1"),
        (b"0\n", "must be text"),
        (None, "must be text"),
    ]:
        with pytest.raises(GameConfigError, match=words):
            game.deserialize_state(text)
    subgame = load(board="Ks7d2h9c4s", pot=10, stack=20, ranges="AsAh2c3d,AdAc5c6c|AsKh3h4h,QhQd8c8d")
    deals = len(subgame.setup.deals)  # AsAh2c3d against AsKh3h4h: a deal with no chance
    impossible = next(deal for deal in range(deals) if deal not in dict(subgame.new_initial_state().chance_outcomes()))
    for text in (f"{deals}\n", f"{impossible}\n", "0\n99\n"):
        with pytest.raises(GameConfigError, match="not a legal action here"):
            subgame.deserialize_state(text)
    with pytest.raises(GameConfigError, match="python_omaha8"):
        omaha8.adapters.openspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(
                pyspiel.load_game("kuhn_poker"), pyspiel.load_game("kuhn_poker").new_initial_state()
            )
        )


@pytest.mark.parametrize("params", [FULL_GAMES[4], FULL_GAMES[-2], SUBGAME], ids=_name)
def test_a_state_serializes_as_its_actions_and_loads_again_as_it_was(params):
    game = pyspiel.load_game("python_omaha8", params)
    rng = random.Random(zlib.crc32(_name(params).encode()))
    for _ in range(6):
        state = game.new_initial_state()
        while True:
            text = state.serialize()
            assert text == "".join(f"{action}\n" for action in state.history())
            _same(game.deserialize_state(text), state)
            if state.is_terminal():
                break
            legal = [o for o, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(rng.choice(legal))
        # A pickle holds the game and the actions, and loads by replaying them.
        data = pickle.dumps(state)
        assert b"__dict__" not in data and b"AbstractHand" not in data
        _same(pickle.loads(data), state)
        _same(pickle.loads(pickle.dumps(game)).deserialize_state(state.serialize()), state)
        # The game and the state in one text, OpenSpiel's layout, read back only by omaha8.
        text = omaha8.adapters.openspiel.serialize_game_and_state(game, state)
        assert text.endswith("[State]\n" + state.serialize())
        again_game, again = omaha8.adapters.openspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game)
        _same(again, state)
        with pytest.raises(pyspiel.SpielError):  # OpenSpiel's reader takes only its own text
            pyspiel.deserialize_game_and_state(text)


# ---------------------------------------------------------------- OpenSpiel's algorithms


def test_external_sampling_mccfr_runs_on_the_full_game():
    from open_spiel.python.algorithms import external_sampling_mccfr

    game = pyspiel.load_game("python_omaha8", {"limit": "fixed", "stacks": "10", "max_raises": 1})
    solver = external_sampling_mccfr.ExternalSamplingSolver(game, external_sampling_mccfr.AverageType.SIMPLE)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    for card in range(8):
        state.apply_action(card)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


def _tiny_values(limit: str):
    from open_spiel.python.algorithms import sequence_form_lp

    extra = {"fixed_bets": "8 8"} if limit == "fixed" else {}
    game = pyspiel.load_game("python_omaha8", {**SUBGAME, "limit": limit, **extra})
    oop, ip = SUBGAME["ranges"].split("|")
    solution = omaha8.solve_river(
        SUBGAME["board"],
        oop,
        ip,
        4,
        28,
        limit=limit,
        bets=(1.0,),
        raises=(1.0,),
        max_raises=2,
        big_bet=8 if limit == "fixed" else None,
        iterations=5000,
        exploitability=1e-7,
    )
    lp_value, lp_other, _, _ = sequence_form_lp.solve_zero_sum_game(game)
    return game, solution.value - 4 / 2, lp_value, lp_other


@pytest.mark.parametrize("limit", ["pot", "fixed"])
@pytest.mark.slow
def test_on_a_tiny_river_the_lp_cfr_and_solve_river_agree(limit):
    from open_spiel.python.algorithms import cfr, expected_game_score

    game, solver_value, lp_value, lp_other = _tiny_values(limit)
    pot = 4
    assert lp_value + lp_other == pytest.approx(0, abs=1e-6)
    assert abs(lp_value - solver_value) < 1e-5 * pot
    cfr_plus = cfr.CFRPlusSolver(game)
    for _ in range(150):
        cfr_plus.evaluate_and_update_policy()
    policy = cfr_plus.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])[0]
    assert abs(value - solver_value) < 1e-3 * pot


@pytest.mark.slow
def test_vanilla_cfr_reaches_the_solvers_value_on_a_tiny_river():
    from open_spiel.python.algorithms import cfr, expected_game_score

    params = {
        "board": "Ks7d2h9c4s",
        "pot": 4,
        "stack": 4,
        "bets": "1",
        "max_raises": 1,
        "ranges": "AsAh2c3d,KhKd5c6c|QhQdJc8c,Ad2s3h4c",
    }
    game = pyspiel.load_game("python_omaha8", params)
    oop, ip = params["ranges"].split("|")
    solution = omaha8.solve_river(
        params["board"], oop, ip, 4, 4, bets=(1.0,), raises=(1.0,), max_raises=1, iterations=5000, exploitability=1e-8
    )
    solver = cfr.CFRSolver(game)
    for _ in range(2000):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    value = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])[0]
    assert abs(value - (solution.value - 2)) < 1e-3 * 4


HOSTILE = [
    "",
    "x",
    "1 2",
    "0",
    "-3",
    "1/0",
    "50%",
    "AA**|KK**",
    "Ks7d2h9c4s",
    "|",
    0,
    -1,
    1,
    2,
    3,
    7,
    10**30,
    2.5,
    float("nan"),
    True,
    None,
    [1, 2],
    (),
    object(),
    {"a": 1},
]


def test_hostile_parameters_make_a_game_or_an_omaha8_error():
    """Random values for random parameters: a game that plays, or an Omaha8Error at once."""
    rng = random.Random(21)
    names = list(omaha8.adapters.openspiel.DEFAULTS)
    made = refused = 0
    for _ in range(400):
        params = {name: rng.choice(HOSTILE) for name in rng.sample(names, rng.randint(1, 4))}
        try:
            game = Omaha8Game(params)
        except omaha8.Omaha8Error:
            refused += 1
            continue
        made += 1
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0
    assert made > 5 and refused > 200


def test_hostile_actions_are_refused_and_change_nothing():
    rng = random.Random(4)
    game = pyspiel.load_game("python_omaha8", {"players": 3, "limit": "no"})
    subgame = pyspiel.load_game("python_omaha8", SUBGAME)
    for current in (game, subgame):
        state = current.new_initial_state()
        while not state.is_terminal():
            legal = [o for o, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            before = (str(state), state.history())
            for bad in rng.sample([a for a in range(-3, 60) if a not in legal], 5):
                with pytest.raises(Exception):  # noqa: B017 - pyspiel may wrap our error in its own
                    state.apply_action(bad)
                assert (str(state), state.history()) == before
            state.apply_action(rng.choice(legal))


def test_no_playout_outgrows_the_declared_length_or_the_tensors_action_rows():
    """max_game_length and the tensor's action rows are bounds worked out from the cap: random
    playouts that raise as often as they may, short stacks going all-in for less, stay inside."""
    rng = random.Random(13)
    for params in (
        {"players": 6, "limit": "fixed", "stacks": "3 5 30 9 40 17", "max_raises": 4},
        {"players": 4, "limit": "no", "stacks": "9 400 13 400", "bets": "1/10 1/4", "max_raises": 6},
        {"players": 3, "limit": "pot", "stack": 1000, "max_raises": 0},
    ):
        game = pyspiel.load_game("python_omaha8", params)
        longest = 0
        for _ in range(300):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[-1] if rng.random() < 0.7 else rng.choice(legal))
            longest = max(longest, len(state.history()))
            assert len(state.moves) <= game.setup.slots
            assert len(state.information_state_tensor(0)) == game.information_state_tensor_shape()[0]
        assert longest <= game.max_game_length()


def test_the_observer_serves_the_public_and_all_players_views():
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_omaha8", {"players": 3})
    state = game.new_initial_state()
    for card in range(12):
        state.apply_action(card)
    views = {}
    for private in (
        pyspiel.PrivateInfoType.NONE,
        pyspiel.PrivateInfoType.SINGLE_PLAYER,
        pyspiel.PrivateInfoType.ALL_PLAYERS,
    ):
        observation = make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=private)
        )
        observation.set_from(state, 1)
        views[private] = (observation.string_from(state, 1), observation.dict, observation.tensor.sum())
    public, single, every = (
        views[p]
        for p in (
            pyspiel.PrivateInfoType.NONE,
            pyspiel.PrivateInfoType.SINGLE_PLAYER,
            pyspiel.PrivateInfoType.ALL_PLAYERS,
        )
    )
    assert "Private" not in public[0] and "hole" not in public[1] and "holes" not in public[1]
    assert "[Private 3c3d3h3s]" in single[0] and single[1]["hole"].sum() == 4
    assert "[Private 2c2d2h2s | 3c3d3h3s | 4c4d4h4s]" in every[0] and every[1]["holes"].sum() == 12
    assert single[2] == public[2] + 4 and every[2] == public[2] + 12


def test_a_huge_fraction_is_a_game_config_error():
    # float() of Fraction(10**400) escaped as an OverflowError.
    from fractions import Fraction

    with pytest.raises(GameConfigError, match="pot must be an int"):
        omaha8.adapters.openspiel.load(board="Ah8d4cKs2h", pot=Fraction(10**400), stack=15, ranges="AA**|KK**")
    # A serialized state longer than the longest play is refused by its count of lines.
    with pytest.raises(GameConfigError, match="more actions than the game's longest"):
        load().deserialize_state("1\n" * 100_000)
