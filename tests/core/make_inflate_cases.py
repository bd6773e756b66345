#!/usr/bin/env python3
"""Prints the hand-built DEFLATE streams of test_inflate.cpp ("Huffman codes as zlib takes them")
and what zlib says of each: the oracle of that test. With --corpus DIR, also writes the seeds of
the fuzz target fuzz_inflate_zlib (its first byte: bit 0 a zlib stream, else raw; bits 1..7 the
output limit, 14 for 64 KiB, 4 for 86 bytes).

    /usr/bin/python3 tests/core/make_inflate_cases.py [--corpus tests/fuzz/corpus/inflate_zlib]

Each stream is one final dynamic block (RFC 1951 3.2.7) whose code lengths are chosen here: a
code may be complete, or incomplete (code space left unused). zlib refuses every incomplete
code except a literal/length or distance code whose codes are all one bit long (a single code of
one bit: "invalid code lengths set", "invalid literal/lengths set", "invalid distances set").
"""
import os
import sys
import zlib

ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]


class Bits:
    def __init__(self):
        self.bits = []

    def put(self, v, n):  # numbers: least significant bit first
        self.bits += [(v >> i) & 1 for i in range(n)]

    def put_code(self, code, n):  # Huffman codes: most significant bit first
        self.bits += [(code >> i) & 1 for i in reversed(range(n))]

    def bytes(self):
        out = bytearray()
        for i in range(0, len(self.bits), 8):
            out.append(sum(bit << k for k, bit in enumerate(self.bits[i:i + 8])))
        return bytes(out)


def canonical(lengths):
    """symbol -> (code, length), RFC 1951 3.2.2."""
    top = max(lengths + [0])
    count = [0] * (top + 2)
    for n in lengths:
        if n:
            count[n] += 1
    code, first = 0, [0] * (top + 2)
    for n in range(1, top + 1):
        code = (code + count[n - 1]) << 1
        first[n] = code
    out = {}
    for s, n in enumerate(lengths):
        if n:
            out[s] = (first[n], n)
            first[n] += 1
    return out


def block(lit, dist, cl, symbols):
    """A final dynamic block: literal/length and distance code lengths `lit`, `dist`, written with
    the code length code `cl` (19 lengths, by symbol; runs of zeros as 17/18), then `symbols`."""
    w = Bits()
    w.put(1, 1)
    w.put(2, 2)
    w.put(len(lit) - 257, 5)
    w.put(len(dist) - 1, 5)
    ncode = 19
    while ncode > 4 and cl[ORDER[ncode - 1]] == 0:
        ncode -= 1
    w.put(ncode - 4, 4)
    for k in range(ncode):
        w.put(cl[ORDER[k]], 3)
    clc = canonical(cl)
    seq, i = lit + dist, 0
    while i < len(seq):
        run = 0
        while i + run < len(seq) and seq[i + run] == 0 and run < 138:
            run += 1
        if run >= 11 and 18 in clc:
            w.put_code(*clc[18])
            w.put(run - 11, 7)
            i += run
        elif run >= 3 and 17 in clc:
            r = min(run, 10)
            w.put_code(*clc[17])
            w.put(r - 3, 3)
            i += r
        else:
            w.put_code(*clc[seq[i]])
            i += 1
    codes = {'lit': canonical(lit), 'dist': canonical(dist)}
    for kind, s in symbols:
        w.put_code(*codes[kind][s])
    return w.bytes()


def main():
    cl = [0] * 19
    cl[0] = cl[1] = cl[2] = 2
    cl[17] = cl[18] = 3  # complete
    cl_incomplete = list(cl)
    cl_incomplete[17] = 0  # one 3-bit code unused
    only_end = [0] * 256 + [1]  # the end-of-block code alone, one bit
    a_end_257 = [0] * 258
    a_end_257[65], a_end_257[256], a_end_257[257] = 1, 2, 2  # 'A', end, length 3: complete
    a_end = [0] * 257
    a_end[65], a_end[256] = 2, 2  # two 2-bit codes: half the code space
    copy = [('lit', 65), ('lit', 257), ('dist', 0), ('lit', 256)]  # 'A', then 3 bytes back 1
    cases = [
        ('one 1-bit literal/length code and one 1-bit distance code', block(only_end, [1], cl, [('lit', 256)])),
        ('one 1-bit distance code', block(a_end_257, [1], cl, copy)),
        ('an incomplete distance code (1 and 2 bits)', block(a_end_257, [1, 2], cl, copy)),
        ('an incomplete literal/length code (two 2-bit codes)', block(a_end, [1], cl, [('lit', 65), ('lit', 256)])),
        ('an incomplete code length code', block(a_end, [1], cl_incomplete, [('lit', 65), ('lit', 256)])),
    ]
    if len(sys.argv) == 3 and sys.argv[1] == '--corpus':
        write_corpus(sys.argv[2], [b for _, b in cases])
    for what, b in cases:
        d = zlib.decompressobj(-15)
        try:
            out = d.decompress(b)
            verdict = 'inflates to %r%s' % (out, '' if d.eof else ' (not at the end)')
        except zlib.error as e:
            verdict = 'zlib: %s' % e
        print('%s: %s\n  %s' % (what, ' '.join('0x%02x' % x for x in b), verdict))


def write_corpus(folder, raw_cases):
    os.makedirs(folder, exist_ok=True)
    xg = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'backgammon', 'xg')
    seeds = {}
    for name in ('stored', 'fixed', 'dynamic'):
        with open(os.path.join(xg, 'inflate_%s.z' % name), 'rb') as f:
            z = f.read()
        seeds['zlib_' + name] = b'\x0f' + z  # 64 KiB, zlib
        seeds['raw_' + name] = b'\x0e' + z[2:-4]  # the same DEFLATE data, raw
    for k, b in enumerate(raw_cases):
        seeds['huffman_%d' % k] = b'\x0e' + b
    # 13 bytes whose distance code is incomplete (zlib: "invalid distances set")
    seeds['incomplete_distance_13'] = b'\x0e' + bytes.fromhex('05c0810000000080 20b6fca55a'.replace(' ', ''))
    seeds['zeros_past_limit'] = b'\x05' + zlib.compress(bytes(1000), 9)  # 1000 bytes, limit 86
    for name, data in seeds.items():
        with open(os.path.join(folder, name), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
