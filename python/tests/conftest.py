import os
import sys

# Built module: CTest sets PYTHONPATH to the build directory; `pip install .` puts it on sys.path.
import boardrules  # noqa: F401  (fails early and clearly when the module is not built)

TRACE = os.environ.get("BOARDRULES_TRACE")
