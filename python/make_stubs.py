#!/usr/bin/env python3
"""Writes the type stubs of the boardrules module (python/boardrules-stubs/*.pyi, a PEP 561 stub
package installed beside the compiled module) from the built module's signatures (pybind11 writes
each one as the first line of a docstring) and docstrings.

    PYTHONPATH=<build>/python python3 python/make_stubs.py          # write the stubs
    PYTHONPATH=<build>/python python3 python/make_stubs.py --check  # exit 1 if they differ

Run it after changing the bindings (python/src/module.cpp); the tests run --check."""
import inspect
import pathlib
import re
import sys

import boardrules

OUT = pathlib.Path(__file__).resolve().parent / "boardrules-stubs"
SUBMODULES = ["backgammon", "warri"]
# the special methods the bindings define that a stub lists
DUNDERS = {"__init__", "__len__", "__eq__", "__hash__", "__str__", "__repr__", "__copy__", "__deepcopy__",
           "__getstate__", "__setstate__"}


def split_top(s):
    """s split at the commas outside brackets."""
    out, depth, cur = [], 0, ""
    for c in s:
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def pytype(t, here):
    """A pybind11 type name as the stub of module `here` writes it."""
    t = re.sub(r"numpy\.ndarray\[([\w.]+)\]", r"numpy.typing.NDArray[\1]", t)
    t = t.replace("numpy.ndarray", "numpy.typing.NDArray[typing.Any]")
    # Optional[X] as X | None (innermost first), a fixed-size List[float[2]] as a list[float]
    while re.search(r"\bOptional\[", t):
        t = re.sub(r"\bOptional\[([^\[\]]*(?:\[[^\[\]]*\])?[^\[\]]*)\]", r"\1 | None", t)
    t = re.sub(r"\b(\w+)\[\d+\]", r"\1", t)
    for name in ("List", "Tuple", "Dict"):
        t = re.sub(r"\b%s\[" % name, name.lower() + "[", t)
    t = t.replace("boardrules." + here + ".", "") if here else t
    t = re.sub(r"\bboardrules\.(backgammon|warri)\.", r"\1.", t)
    t = t.replace("boardrules.Rng", "Rng" if not here else "_boardrules.Rng")
    return t


def signature(line, here, method):
    """'name(a: T = x, ...) -> R' as the parameters and return of a stub's def."""
    m = re.match(r"^(\w+)\((.*)\) -> (.*)$", line.strip())
    assert m, line
    params = []
    for i, p in enumerate(split_top(m.group(2))):
        if method and i == 0:
            params.append("self")
            continue
        name, _, rest = p.partition(": ")
        typ, eq, _ = rest.partition(" = ")
        params.append(f"{name}: {pytype(typ, here)}" + (" = ..." if eq else ""))
    return m.group(1), ", ".join(params), pytype(m.group(3), here)


def doc_text(doc, name):
    """The docstring without pybind11's signature lines."""
    lines = [l for l in (doc or "").splitlines()
             if not (l.startswith(name + "(") or l == "Overloaded function." or re.match(r"^\d+\. \w+\(", l))]
    return "\n".join(lines).strip()


def defs(obj, name, here, method, indent, static=False):
    """The stub lines of a function (its overloads each a def)."""
    doc = obj.__doc__ or ""
    sigs = [l for l in doc.splitlines() if l.startswith(name + "(") and "->" in l]
    sigs += [re.sub(r"^\d+\. ", "", l) for l in doc.splitlines() if re.match(r"^\d+\. %s\(" % name, l)]
    sigs = [s for s in sigs if s != name + "(*args, **kwargs)"]
    text = doc_text(doc, name)
    out = []
    for s in sigs:
        _, params, ret = signature(s, here, method and not static)
        if len(sigs) > 1:
            out.append(indent + "@typing.overload")
        if static:
            out.append(indent + "@staticmethod")
        body = f'"""{text}"""' if text and "\\" not in text and '"""' not in text else "..."
        out.append(f"{indent}def {name}({params}) -> {ret}:")
        out.append(f"{indent}    {body}")
    return out


def klass(cls, here):
    base = cls.__mro__[1]
    bases = "" if base is object or base.__name__ == "pybind11_object" else f"({base.__name__})"
    out = [f"class {cls.__name__}{bases}:"]
    if cls.__doc__:
        out.append(f'    """{cls.__doc__.strip()}"""')
    for k, v in sorted(cls.__dict__.items()):
        if k.startswith("_") and k not in DUNDERS:
            continue
        if isinstance(v, property):
            ret = re.search(r"-> (.*)$", (v.fget.__doc__ or "").splitlines()[0]).group(1)
            out.append(f"    {k}: {pytype(ret, here)}")
            continue
        if k == "__eq__":  # typed as object's, whatever the binding accepts
            out += ["    def __eq__(self, other: object) -> bool:", "        ..."]
            continue
        static = isinstance(v, staticmethod)
        f = getattr(cls, k)
        if not callable(f) or not (f.__doc__ or "").strip():
            continue
        out += defs(f, k, here, True, "    ", static)
    return out


def module_stub(mod, here):
    out = [f'"""{mod.__doc__}"""', "import typing", "", "import numpy", "import numpy.typing", ""]
    if here:
        out += ["import boardrules as _boardrules", ""]
    else:
        out += ["from . import backgammon as backgammon", "from . import warri as warri", ""]
    body = []
    for n in sorted(dir(mod)):
        if n.startswith("_") or n in SUBMODULES:
            continue
        v = getattr(mod, n)
        if (inspect.isclass(v) or callable(v)) and body and body[-1] != "":
            body.append("")
        if inspect.isclass(v):
            if issubclass(v, BaseException):
                body += [f"class {n}({v.__mro__[1].__name__}):", f'    """{v.__doc__}"""']
            else:
                body += klass(v, here)
            body.append("")
        elif callable(v):
            body += defs(v, n, here, False, "")
            body.append("")
        else:
            body.append(f"{n}: {type(v).__name__}")
    if not here:
        body.append("__version__: str")
    return "\n".join(out + body).rstrip() + "\n"


def stubs():
    files = {"__init__.pyi": module_stub(boardrules, "")}
    for sub in SUBMODULES:
        files[sub + ".pyi"] = module_stub(getattr(boardrules, sub), sub)
    return files


def main():
    check = "--check" in sys.argv[1:]
    bad = []
    for name, text in stubs().items():
        path = OUT / name
        if check:
            if not path.exists() or path.read_text() != text:
                bad.append(name)
        else:
            OUT.mkdir(exist_ok=True)
            path.write_text(text)
    if bad:
        print("stale stubs (run python/make_stubs.py): " + ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
