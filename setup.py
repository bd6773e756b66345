# Builds the boardrules Python module (python/src/module.cpp) with setuptools and pybind11:
#   python3 -m pip install --no-build-isolation .
# The library itself is header-only (include/).
from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

setup(
    ext_modules=[
        Pybind11Extension(
            "boardrules",
            ["python/src/module.cpp"],
            include_dirs=["include"],
            cxx_std=20,
            extra_compile_args=["-O2"],
        )
    ],
    cmdclass={"build_ext": build_ext},
    zip_safe=False,
)
