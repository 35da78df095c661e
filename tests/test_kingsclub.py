"""history.kingsclub: KingsClub's own ways, each shown on its real files (tests/data/kingsclub):
calls written to their total, unseen cards as X, a summary of stacks instead of pots, boards run
twice with the shared cards as dashes, and a river line bringing the whole board."""

from __future__ import annotations

from history_helpers import DATA

from omaha8 import history, parse_cards

KINGSCLUB = DATA / "kingsclub"


def cards(text: str) -> list:
    return [int(c) for c in parse_cards(text)]


def test_a_call_is_written_to_its_total(live_core):
    [hand] = history.read(KINGSCLUB / "PLO8-USD-5-10-202101.txt")
    # "Hero raises to 30", "Player0 raises to 90", "Hero calls 90": Hero adds 60.
    assert [(s.name, s.kind, s.amount, s.total) for s in hand.steps if s.kind in ("raise", "call")] == [
        ("Hero", "raise", 2500, 3000),
        ("Player0", "raise", 8000, 9000),
        ("Hero", "call", 6000, 9000),
    ]
    assert hand.holes == {"Hero": cards("6h 3s 8h 5h"), "Player0": cards("Qs Ac Th 2s")}
    # "Player0 (1,089) +89", "Hero (910) -90", "Rake 1": the pot 180, Player0 takes 179.
    assert hand.total_pot == 18000 and hand.rake == 100 and hand.collected == [("Player0", 17900, -1)]
    assert hand.replay().differences == []


def test_boards_run_twice_with_dashes_for_the_shared_cards(live_core):
    [hand] = history.read(KINGSCLUB / "5-Card-PLO8-USD-11-22-202010.quartered.txt")
    assert hand.hole_size == 5 and hand.stakes == (1100, 2200)
    assert [board for board, _ in hand.runs] == [cards("2h 7h Td Ks 4d"), cards("2h 7h Td Qd Jd")]
    replay = hand.replay()
    # "Player1 wins (222.12)", "Player2 wins (666.36)": 891.98 less 3.50 of rake, in two runs.
    assert replay.differences == [] and replay.collected == {"Player1": 22212, "Player2": 66636}


def test_a_side_pot_the_summary_leaves_out_is_read_from_the_stacks(live_core):
    [hand] = history.read(KINGSCLUB / "LO8-USD-500-100-202104.RIO.txt")
    # Only "*** RIVER *** [2s Th 6h 7c] [5s]" after the all-in: the whole board on one line.
    assert hand.board == cards("2s Th 6h 7c 5s")
    # "Player0 wins pot (375)"; Hero's side pot (the small blind's 125 and its own) is printed
    # nowhere but in "Hero (32,500)": its stack did not change.
    assert hand.uncalled == [("Hero", 25000)]
    replay = hand.replay()
    assert replay.differences == [] and replay.collected == {"Player0": 37500, "Hero": 25000}
