#!/usr/bin/env python3
"""Writes well-formed but hostile eXtreme Gammon containers, to measure what a reader spends on
them (docs/fuzzing.md, "Bounds of the readers"). Not test data: the files are written where asked.

    /usr/bin/python3 tests/data/backgammon/xg/make_hostile_xg.py OUT.xg [ENTRIES] [MIB]

The archive's index holds ENTRIES entries (default 64, the most the reader takes), every one
named temp.xg and pointing at the same zlib stream: MIB MiB (default 64, rounded down to whole
2560-byte records) of zero bytes, which deflate compresses about 1000 to 1. Every CRC-32 and
size is right, so a reader that inflates each entry it is given holds ENTRIES x MIB MiB. The
game file itself is no game (its first record is not a match header): a reader that inflates
once refuses it after that one stream.
"""
import struct
import sys
import zlib

REC = 2560


def hostile(entries, mib):
    size = (mib << 20) // REC * REC
    game = bytes(size)
    data = zlib.compress(game, 9)
    crc_game = zlib.crc32(game)
    index = bytearray()
    for _ in range(entries):
        e = bytearray(532)
        e[0] = 7
        e[1:8] = b'temp.xg'
        struct.pack_into('<iiiI', e, 512, size, len(data), 0, crc_game)  # all at offset 0 of the data
        e[528] = 0  # a zlib stream
        index += e
    registry = zlib.compress(bytes(index), 9)
    gdf = bytearray(8232)
    gdf[0:4] = b'RGMH'
    struct.pack_into('<IiqI', gdf, 4, 1, 8232, 0, 0)
    crc = zlib.crc32(data + registry)
    trailer = struct.pack('<Iiiiii12x', crc, entries, 1, len(registry), len(data), 1)
    return bytes(gdf) + data + registry + trailer


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    entries = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    mib = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    out = hostile(entries, mib)
    with open(sys.argv[1], 'wb') as f:
        f.write(out)
    print('%s: %d bytes, %d entries of %d bytes each' % (sys.argv[1], len(out), entries, (mib << 20) // REC * REC))


if __name__ == '__main__':
    main()
