# The compiled core's C entry points for other extensions: ``cimport`` them, and call them
# without the GIL; nothing to link against (Cython imports the function pointers at import).
#
#     from omaha8._engine.core_c cimport showdown_values_c
#
# showdown_values_c: the showdown values of ``hands`` (n rows of ``hole_size`` card indices
# 0..51, row after row) against ``opponents`` (m rows) weighted by ``weights`` (m doubles, or
# NULL for 1.0 each), on ``board`` (3, 4 or 5 card indices), into ``share``, ``high``, ``low``
# and ``weight`` (n doubles each), exactly as omaha8.showdown_values computes them. Returns 0;
# on bad input a negative code, and nothing is written: -1 the board, -2 the hole size, -3 a
# hand row, -4 an opponent row, -5 a weight (negative, NaN or infinite), -6 out of memory,
# -7 a count or a NULL buffer. One thread: call it from as many as you like.

from libc.stdint cimport uint8_t

cdef int showdown_values_c(const uint8_t* board, int board_size, const uint8_t* hands, Py_ssize_t n,
                           const uint8_t* opponents, Py_ssize_t m, int hole_size, const double* weights,
                           double* share, double* high, double* low, double* weight) noexcept nogil
