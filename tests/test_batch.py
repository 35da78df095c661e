"""evaluate_batch: the same answers as evaluate for every shape and buffer type, every bad
buffer refused before any work, and threads that agree with single calls."""

import random
import threading
from array import array

import pytest

from omaha8 import NO_LOW, BatchError, CardError


def random_rows(seed, rows, hole_size, board_size, shared):
    rng = random.Random(seed)
    board = rng.sample(range(52), board_size)
    holes, boards = [], []
    for _ in range(rows):
        if shared:
            holes.append(rng.sample([c for c in range(52) if c not in board], hole_size))
        else:
            cards = rng.sample(range(52), hole_size + board_size)
            holes.append(cards[:hole_size])
            boards.append(cards[hole_size:])
    return holes, (board if shared else boards)


def as_buffer(rows):
    """A 2-D uint8 buffer without numpy: a bytearray given its rows by memoryview.cast."""
    flat = bytearray(c for row in rows for c in row)
    return memoryview(flat).cast("B", (len(rows), len(rows[0])))


def expected(impl, holes, boards, shared):
    out = []
    for i, hole in enumerate(holes):
        high, low = impl.evaluate(hole, boards if shared else boards[i])
        out.append((high, NO_LOW if low is None else low))
    return out


@pytest.mark.parametrize("hole_size", [4, 5, 6])
@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("shared", [False, True], ids=["board-per-row", "shared-board"])
def test_batch_agrees_with_evaluate(impl, hole_size, board_size, shared):
    rows = 3000 if impl.__name__.endswith("core_c") else 300
    holes, boards = random_rows(hole_size * 10 + board_size, rows, hole_size, board_size, shared)
    board_buffer = bytes(boards) if shared else as_buffer(boards)
    high, low = impl.evaluate_batch(as_buffer(holes), board_buffer)
    assert list(zip(high, low)) == expected(impl, holes, boards, shared)
    assert memoryview(high).format == "H" and memoryview(low).format == "B"


def test_every_buffer_type(impl):
    holes, boards = random_rows(1, 50, 4, 5, False)
    want = expected(impl, holes, boards, False)
    flat_holes = array("B", [c for row in holes for c in row])
    flat_boards = bytearray(c for row in boards for c in row)
    for hole_buffer, board_buffer in [
        (as_buffer(holes), as_buffer(boards)),
        (memoryview(flat_holes).cast("B", (50, 4)), memoryview(bytes(flat_boards)).cast("B", (50, 5))),
    ]:
        high, low = impl.evaluate_batch(hole_buffer, board_buffer)
        assert list(zip(high, low)) == want


def test_numpy_arrays_and_zero_copy_results(impl):
    numpy = pytest.importorskip("numpy")
    holes, boards = random_rows(2, 200, 5, 5, False)
    hole_array = numpy.array(holes, dtype=numpy.uint8)
    board_array = numpy.array(boards, dtype=numpy.uint8)
    high, low = impl.evaluate_batch(hole_array, board_array)
    high_view = numpy.asarray(high)
    assert high_view.dtype == numpy.uint16 and numpy.shares_memory(high_view, numpy.asarray(high))
    assert list(zip(high_view.tolist(), numpy.asarray(low).tolist())) == expected(impl, holes, boards, False)
    # Caller's buffers: filled in place, returned as they are, nothing else allocated.
    out_high = numpy.zeros(200, dtype=numpy.uint16)
    out_low = numpy.zeros(200, dtype=numpy.uint8)
    returned = impl.evaluate_batch(hole_array, board_array, out_high, out_low)
    assert returned[0] is out_high and returned[1] is out_low
    assert out_high.tolist() == high_view.tolist()
    # Read-only inputs are fine.
    hole_array.setflags(write=False)
    assert list(impl.evaluate_batch(hole_array, board_array)[0]) == high_view.tolist()


def test_out_buffers_without_numpy(impl):
    holes, boards = random_rows(3, 20, 4, 3, True)
    out_high, out_low = array("H", [0] * 20), bytearray(20)
    returned = impl.evaluate_batch(as_buffer(holes), bytes(boards), out_high, out_low)
    assert returned[0] is out_high and returned[1] is out_low
    assert list(zip(out_high, out_low)) == expected(impl, holes, boards, True)
    # Only one of the two given: the other is allocated.
    high, low = impl.evaluate_batch(as_buffer(holes), bytes(boards), out_high=array("H", [0] * 20))
    assert list(low) == list(out_low)


def test_empty_batch(impl):
    numpy = pytest.importorskip("numpy")  # plain memoryviews cannot be shaped (0, k)
    for boards in (bytes([0, 1, 2]), numpy.zeros((0, 3), dtype=numpy.uint8)):
        high, low = impl.evaluate_batch(numpy.zeros((0, 4), dtype=numpy.uint8), boards)
        assert len(high) == 0 and len(low) == 0


def test_no_low_marker(impl):
    high, low = impl.evaluate_batch(as_buffer([[48, 44, 40, 36]]), bytes([0, 4, 8, 12, 16]))
    assert list(low) == [NO_LOW] == [255]


GOOD_HOLES = [[48, 44, 40, 36], [0, 1, 2, 3], [20, 21, 22, 23]]
GOOD_BOARDS = [[4, 8, 12, 16, 24], [4, 8, 12, 16, 24], [4, 8, 12, 16, 25]]


def bad_buffers():
    ok_holes, ok_boards = as_buffer(GOOD_HOLES), as_buffer(GOOD_BOARDS)
    with_row = lambda rows, i, row: as_buffer(rows[:i] + [row] + rows[i + 1 :])  # noqa: E731
    return [
        ("not a buffer", [[1, 2, 3, 4]], ok_boards, BatchError, "holes must be a buffer"),
        (
            "uint16 holes",
            memoryview(array("H", range(12))).cast("B").cast("H", (3, 4)),
            ok_boards,
            BatchError,
            "holes must hold uint8",
        ),
        ("1-D holes", bytes(12), ok_boards, BatchError, "holes must be shaped (n, k), not 1-D"),
        (
            "three hole cards",
            memoryview(bytes(range(9))).cast("B", (3, 3)),
            ok_boards,
            BatchError,
            "4, 5 or 6 cards per row",
        ),
        (
            "six board cards",
            ok_holes,
            memoryview(bytes(range(10, 28))).cast("B", (3, 6)),
            BatchError,
            "3, 4 or 5 cards per row",
        ),
        ("rows differ", ok_holes, as_buffer(GOOD_BOARDS[:2]), BatchError, "boards has 2 rows but holes has 3"),
        (
            "3-D board",
            ok_holes,
            memoryview(bytes(range(15))).cast("B", (3, 5, 1)),
            BatchError,
            "boards must be shaped (m,) or (n, m)",
        ),
        ("card 52", with_row(GOOD_HOLES, 1, [0, 1, 2, 52]), ok_boards, CardError, "row 1: card index 52"),
        ("card 255", ok_holes, with_row(GOOD_BOARDS, 2, [4, 8, 12, 16, 255]), CardError, "row 2: card index 255"),
        (
            "duplicate in hand",
            with_row(GOOD_HOLES, 2, [20, 21, 22, 20]),
            ok_boards,
            CardError,
            "row 2: duplicate card 7c",
        ),
        ("hand and board", with_row(GOOD_HOLES, 0, [48, 44, 40, 4]), ok_boards, CardError, "row 0: duplicate card 3c"),
        ("shared board", ok_holes, bytes([4, 8, 8]), CardError, "the shared board: duplicate card 4c"),
        (
            "shared board vs row",
            with_row(GOOD_HOLES, 1, [0, 1, 2, 9]),
            bytes([4, 8, 9]),
            CardError,
            "row 1: duplicate card 4d",
        ),
    ]


@pytest.mark.parametrize("case", bad_buffers(), ids=lambda case: case[0])
def test_bad_input_is_refused_before_any_work(impl, case):
    _, holes, boards, error, message = case
    out_high, out_low = array("H", [7] * 3), bytearray([7] * 3)
    with pytest.raises(error) as info:
        impl.evaluate_batch(holes, boards, out_high, out_low)
    assert message in str(info.value)
    assert list(out_high) == [7, 7, 7] and list(out_low) == [7, 7, 7]


def test_first_bad_row_is_named(impl):
    holes = [list(r) for r in GOOD_HOLES] * 3
    holes[4] = [0, 0, 1, 2]
    holes[7] = [60, 1, 2, 3]
    with pytest.raises(CardError, match="row 4: duplicate card 2c"):
        impl.evaluate_batch(as_buffer(holes), bytes([4, 8, 12]))


def test_bad_out_buffers(impl):
    holes, board = as_buffer(GOOD_HOLES), bytes([4, 8, 12, 16, 24])
    cases = [
        (dict(out_high=bytearray(3)), "out_high must hold uint16"),
        (dict(out_high=array("H", [0] * 2)), "3 elements"),
        (dict(out_high=memoryview(bytes(6)).cast("H")), "out_high is read-only"),
        (dict(out_low=array("H", [0] * 3)), "out_low must hold uint8"),
        (dict(out_low=bytes(3)), "out_low is read-only"),
        (dict(out_low=[0, 0, 0]), "out_low must be a buffer"),
    ]
    for kwargs, message in cases:
        with pytest.raises(BatchError, match=message):
            impl.evaluate_batch(holes, board, **kwargs)


def test_numpy_layouts_are_checked(impl):
    numpy = pytest.importorskip("numpy")
    holes = numpy.array(GOOD_HOLES, dtype=numpy.uint8)
    boards = numpy.array(GOOD_BOARDS, dtype=numpy.uint8)
    with pytest.raises(BatchError, match="C-contiguous"):
        impl.evaluate_batch(numpy.asfortranarray(holes), boards)
    with pytest.raises(BatchError, match="C-contiguous"):
        impl.evaluate_batch(numpy.array([GOOD_HOLES[0] * 2] * 3, dtype=numpy.uint8)[:, ::2], boards)
    with pytest.raises(BatchError, match="must hold uint8"):
        impl.evaluate_batch(holes.astype(numpy.int64), boards)
    with pytest.raises(BatchError, match="must hold uint8"):
        impl.evaluate_batch(holes.astype(numpy.int8), boards)
    with pytest.raises(BatchError, match="out_high must hold uint16"):
        impl.evaluate_batch(holes, boards, out_high=numpy.zeros(3, dtype=numpy.int16))


def test_threads_get_what_single_calls_get(core):
    holes, boards = random_rows(9, 20000, 4, 5, False)
    hole_buffer, board_buffer = as_buffer(holes), as_buffer(boards)
    want = core.evaluate_batch(hole_buffer, board_buffer)
    results, errors = [None] * 8, []

    def work(slot):
        try:
            for _ in range(5):
                high, low = core.evaluate_batch(hole_buffer, board_buffer)
                assert high == want[0] and low == want[1]
            results[slot] = True
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(slot,)) for slot in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and all(results)


def test_an_output_buffer_is_told_what_is_wrong_with_it(impl):
    # A strided view of the right shape was told "must be a contiguous 1-D buffer of 3 elements
    # ..., not shaped (3,)": its shape, not its layout, named as the problem.
    numpy = pytest.importorskip("numpy")
    holes = numpy.array([[51, 47, 0, 4]] * 3, dtype=numpy.uint8)
    boards = numpy.array([[8, 12, 16, 20, 24]] * 3, dtype=numpy.uint8)
    strided = numpy.zeros(6, dtype=numpy.uint16)[::2]
    with pytest.raises(BatchError, match=r"out_high must be C-contiguous \(a strided view"):
        impl.evaluate_batch(holes, boards, strided)
    with pytest.raises(BatchError, match="out_high must have 3 elements, one per row, not 4"):
        impl.evaluate_batch(holes, boards, numpy.zeros(4, dtype=numpy.uint16))
    with pytest.raises(BatchError, match=r"out_high must be 1-D, 3 elements, one per row, not shaped \(3, 1\)"):
        impl.evaluate_batch(holes, boards, numpy.zeros((3, 1), dtype=numpy.uint16))
    indexer = impl.HandIndexer((4, 3))
    rows = numpy.array([[0, 1, 2, 3, 8, 12, 16]] * 3, dtype=numpy.uint8)
    with pytest.raises(BatchError, match=r"out must be C-contiguous"):
        indexer.index_batch(rows, numpy.zeros(6, dtype=numpy.uint64)[::2])


# ---- issue 8: hostile and careless callers: overlapping and foreign buffers


def _rows(rng, n, size):
    out = bytearray()
    for _ in range(n):
        out += bytes(rng.sample(range(52), size))
    return out


@pytest.mark.parametrize("where", ["holes", "boards"])
def test_outputs_that_overlap_an_input_give_right_rows(impl, where):
    rng = random.Random(8)
    n = 300
    holes, boards = _rows(rng, n, 4), _rows(rng, n, 5)
    # Each row's cards must not collide: deal hole and board together.
    holes, boards = bytearray(), bytearray()
    for _ in range(n):
        cards = rng.sample(range(52), 9)
        holes += bytes(cards[:4])
        boards += bytes(cards[4:])
    expected_high, expected_low = impl.evaluate_batch(
        memoryview(bytes(holes)).cast("B", (n, 4)), memoryview(bytes(boards)).cast("B", (n, 5))
    )
    # The outputs live inside the input buffer: the low output over its first rows, so that
    # writing row i early would change rows read later.
    shared = holes if where == "holes" else boards
    out_low = memoryview(shared)[:n]
    out_high = array("H", bytes(2 * n))
    impl.evaluate_batch(
        memoryview(bytes(holes)).cast("B", (n, 4)) if where == "boards" else memoryview(holes).cast("B", (n, 4)),
        memoryview(boards).cast("B", (n, 5)) if where == "boards" else memoryview(bytes(boards)).cast("B", (n, 5)),
        out_high,
        out_low,
    )
    assert list(out_high) == list(expected_high)
    assert list(out_low) == list(expected_low)


def test_outputs_that_overlap_each_other_are_refused(impl):
    holes = memoryview(bytes([51, 50, 3, 6] * 4)).cast("B", (4, 4))
    board = memoryview(bytes([0, 21, 31]))
    space = bytearray(16)
    with pytest.raises(BatchError, match="share memory"):
        impl.evaluate_batch(holes, board, memoryview(space).cast("H")[:4], memoryview(space)[4:8])
