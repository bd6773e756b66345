# The built module must be importable: CTest sets PYTHONPATH to the build directory, and
# `pip install .` puts it on sys.path. Importing it here fails early and clearly otherwise.
import boardrules  # noqa: F401
