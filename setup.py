# Builds the boardrules Python module (python/src/module.cpp) with setuptools and pybind11:
#   python3 -m pip install --no-build-isolation .
# The library itself is header-only (include/). The module is built without -march, as a wheel is,
# and chooses its kernels when it runs (BOARDRULES_DISPATCH: the best the CPU has among SSE2, AVX2
# and AVX-512; include/boardrules/core/dispatch.hpp).
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
            define_macros=[("BOARDRULES_DISPATCH", "1")],
        )
    ],
    cmdclass={"build_ext": build_ext},
    # The type stubs: the PEP 561 stub package boardrules-stubs (python/make_stubs.py writes it),
    # installed beside the compiled module (a name pyproject.toml's package list does not take).
    packages=["boardrules-stubs"],
    package_dir={"boardrules-stubs": "python/boardrules-stubs"},
    package_data={"boardrules-stubs": ["*.pyi"]},
    zip_safe=False,
)
