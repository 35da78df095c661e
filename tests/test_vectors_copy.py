import json

import pytest
from conftest import COPIED_VECTORS, SHARED_VECTORS


def test_vectors_copy_is_current():
    if not SHARED_VECTORS.is_file():
        pytest.skip("shared/ is not beside this checkout; the tests use the copy")
    shared = json.loads(SHARED_VECTORS.read_text(encoding="utf-8"))
    copy = json.loads(COPIED_VECTORS.read_text(encoding="utf-8"))
    assert copy == shared, "tests/vectors/rules_examples.json differs from shared/: copy it again"
