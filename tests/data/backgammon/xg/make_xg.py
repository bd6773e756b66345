#!/usr/bin/env python3
"""Writes the eXtreme Gammon test files of this folder from the layout in docs/formats.md.

    /usr/bin/python3 tests/data/backgammon/xg/make_xg.py

Real .xg files could not be committed with the tests, so these are built here: the
RichGameFormat header, the zlib archive and its temp.xg records, with only the fields that
parse_xg reads filled in (every other byte is 0). The games are written by hand below; the .mat
file beside each .xg file is what it must read as (written by hand too, not by the library).
Also writes the DEFLATE/zlib streams of tests/core (inflate): the same bytes compressed by
Python's zlib with each block type; the seeds of the fuzz target fuzz_bg_xg
(tests/fuzz/corpus/bg_xg); and the .xgp position files with, beside each good one, the same
position as GNU Backgammon's .sgf setup nodes (xgp_ids.py has GNU Backgammon give their IDs).
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REC = 2560


def rec(kind):
    r = bytearray(REC)
    r[8] = kind
    return r


def put_i32(r, at, v):
    struct.pack_into('<i', r, at, v)


def short_string(r, at, cap, text):
    b = text.encode('latin-1')[: cap - 1]
    r[at] = len(b)
    r[at + 1: at + 1 + len(b)] = b


def utf16(r, at, units, text):
    b = text.encode('utf-16-le')[: 2 * (units - 1)]
    r[at: at + len(b)] = b


def match_header(p1, p2, length, crawford=True, jacoby=False, beaver=False, version=32, variation=0,
                 magic=b'DMLI', event='', date=0.0):
    r = rec(0)
    short_string(r, 9, 41, p1)
    short_string(r, 50, 41, p2)
    put_i32(r, 92, length)
    put_i32(r, 96, variation)
    r[100], r[101], r[102] = int(crawford), int(jacoby), int(beaver)
    struct.pack_into('<d', r, 128, date)
    short_string(r, 136, 129, event)
    put_i32(r, 552, version)
    r[556:560] = magic
    if version >= 24:
        utf16(r, 880, 129, p1)
        utf16(r, 1138, 129, p2)
    return r


def game_header(number, s1, s2):
    r = rec(1)
    put_i32(r, 12, s1)
    put_i32(r, 16, s2)
    put_i32(r, 48, number)
    return r


def cube(active, double=0, take=-1, beaver=-1):
    r = rec(2)
    put_i32(r, 12, active)
    put_i32(r, 16, double)
    put_i32(r, 20, take)
    put_i32(r, 24, beaver)
    put_i32(r, 28, -1)
    return r


def move(active, dice, steps=(), played=True, candidates=()):
    """steps: (from, to) in the mover's numbering 1..24, 25 the bar, 0 off."""
    r = rec(3)
    put_i32(r, 64, active)
    pairs = [v for f, t in steps for v in (f - 1, t - 1 if t > 0 else -1)]
    pairs += [-1] * (8 - len(pairs))
    if not played:
        pairs = [0] * 8
    for k, v in enumerate(pairs):
        put_i32(r, 68 + 4 * k, v)
    put_i32(r, 100, dice[0])
    put_i32(r, 104, dice[1])
    # The analysis: the candidates (steps, equity).
    put_i32(r, 124 + 28, dice[0])
    put_i32(r, 124 + 32, dice[1])
    put_i32(r, 124 + 64, len(candidates))
    for c, (csteps, eq) in enumerate(candidates):
        cp = [v for f, t in csteps for v in (f - 1, t - 1 if t > 0 else -1)]
        cp += [-1] * (8 - len(cp))
        r[1024 + 8 * c: 1024 + 8 * c + 8] = struct.pack('<8b', *cp)
        struct.pack_into('<f', r, 124 + 1408 + 28 * c + 24, eq)
    r[2308] = int(played)
    return r


def game_footer(winner, points, termination):
    r = rec(4)
    put_i32(r, 24, winner)
    put_i32(r, 28, points)
    put_i32(r, 32, termination)
    return r


def match_footer():
    return rec(5)


def index_entry(name, size, stored_size, start, crc):
    """One 532-byte entry of the archive's index, for a zlib stream."""
    entry = bytearray(532)
    b = name.encode('latin-1')
    entry[0] = len(b)
    entry[1:1 + len(b)] = b
    struct.pack_into('<iiiI', entry, 512, size, stored_size, start, crc)
    entry[528] = 0  # 0: compressed
    return bytes(entry)


def container(data, entries, header_version=1):
    """The header, the archive's data and its compressed index of `entries`, and the trailer."""
    gdf = bytearray(8232)
    gdf[0:4] = b'RGMH'
    struct.pack_into('<IiqI', gdf, 4, header_version, 8232, 0, 0)
    registry = zlib.compress(b''.join(entries))
    crc = zlib.crc32(data + registry)
    trailer = struct.pack('<Iiiiii12x', crc, len(entries), 1, len(registry), len(data), 1)
    return bytes(gdf) + data + registry + trailer


def xg_file(records, header_version=1):
    game = b''.join(records)
    data = zlib.compress(game)
    return container(data, [index_entry('temp.xg', len(game), len(data), 0, zlib.crc32(game))], header_version)


def hostile_archives():
    """Archives whose every CRC-32 and size is right but whose entries share or overrun data:
    refused before anything is inflated (docs/formats.md)."""
    game = b''.join(three_point_match())
    z = zlib.compress(game)
    entry = index_entry('temp.xg', len(game), len(z), 0, zlib.crc32(game))
    files = {}
    # two game files, each its own stream
    files['two_game_files.xg'] = container(
        z + z, [entry, index_entry('temp.xg', len(game), len(z), len(z), zlib.crc32(game))])
    # the game file and the game index over the same bytes
    files['shared_stream.xg'] = container(z, [entry, index_entry('temp.xgi', len(game), len(z), 0, zlib.crc32(game))])
    # the game file's stream runs 10 bytes past the stored size of its entry
    files['stream_past_entry.xg'] = container(
        z, [index_entry('temp.xg', len(game), len(z) - 10, 0, zlib.crc32(game))])
    # 64 entries named temp.xg over one stream of 1 MiB of zeros (make_hostile_xg.py, small)
    zeros = bytes((1 << 20) // REC * REC)
    zz = zlib.compress(zeros, 9)
    files['many_game_files.xg'] = container(
        zz, [index_entry('temp.xg', len(zeros), len(zz), 0, zlib.crc32(zeros))] * 64)
    return files


A, B = 1, -1  # Player 1 (player 0, left column) and Player 2 (player 1)


def three_point_match(**kw):
    # Game 1: Bob opens 3-1, hits, doubles; Alice takes, throws 5-2 and resigns a single game.
    # Game 2 (Crawford): Alice throws 1-1 and resigns a gammon.
    return [
        match_header('Alice', 'Bob', 3, event='Test Cup', date=45000.5, **kw),
        game_header(1, 0, 0),
        cube(B, -2), move(B, (3, 1), [(8, 5), (6, 5)],
                          candidates=[([(8, 5), (6, 5)], 0.125), ([(24, 23), (13, 10)], -0.03125)]),
        cube(A, 0), move(A, (6, 4), [(24, 18), (13, 9)]),
        cube(B, 0), move(B, (6, 2), [(13, 7), (13, 11)]),
        cube(A, -2), move(A, (3, 3), [(25, 22), (13, 10), (13, 10), (6, 3)]),
        cube(B, 1, 1), move(B, (2, 1), [(11, 9), (7, 6)]),
        cube(A, 0), move(A, (5, 2), played=False),
        game_footer(B, 2, 101),
        game_header(2, 0, 2),
        cube(A, -2), move(A, (6, 5), [(24, 18), (18, 13)]),
        cube(B, -2), move(B, (4, 2), [(8, 4), (6, 4)]),
        cube(A, -2), move(A, (1, 1), played=False),
        game_footer(B, 2, 102),
        match_footer(),
    ]


def money_session():
    # Alice opens 3-1; Bob doubles, Alice beavers (cube 4); Bob plays 6-4, Alice throws 2-1 and
    # resigns a single game (4 points). Bob then dances with 6-6 against a closed board... not
    # reachable so soon: the second game ends with a double and a pass.
    return [
        match_header('Alice', 'Bob', 0, jacoby=True, beaver=True),
        game_header(1, 0, 0),
        cube(A, -2), move(A, (3, 1), [(8, 5), (6, 5)]),
        cube(B, 1, 2, 1), move(B, (6, 4), [(24, 18), (18, 14)]),
        cube(A, 0), move(A, (2, 1), played=False),
        game_footer(B, 4, 101),
        game_header(2, 0, 4),
        cube(B, -2), move(B, (5, 2), [(13, 8), (13, 11)]),
        cube(A, 1, 0),
        game_footer(A, 1, 0),
    ]


# --- .xgp position files: the same container; temp.xg holds the match header, the game header,
# a cube record (the position before the throw) and, for a checker play, a move record. A
# position is given from player 0's side (XG's Player 1): p0 its checkers on its points (25 the
# bar), p1 player 1's on player 1's own points.


def engine(p0, p1):
    """The 26 signed bytes of XG's PositionEngine, from Player 1's side."""
    a = [0] * 26
    for pt, n in p0.items():
        a[pt] += n
    for pt, n in p1.items():
        a[0 if pt == 25 else 25 - pt] -= n
    return struct.pack('<26b', *a)


def xgp_records(length, score, p0, p1, active, cube_log2=0, dice=None, crawford_game=False, version=32,
                moves=1, jacoby=False):
    g = game_header(1, *score)
    g[20] = int(crawford_game)
    c = cube(active, 0)
    put_i32(c, 32, cube_log2)
    c[36:62] = engine(p0, p1)
    recs = [match_header('Alice', 'Bob', length, jacoby=jacoby, version=version), g, c]
    for _ in range(moves if dice else 0):
        m = move(active, dice, played=False)
        m[9:35] = engine(p0, p1)
        put_i32(m, 108, cube_log2)
        recs.append(m)
    return recs


def sgf_of(length, score, p0, p1, active, cube_log2=0, dice=None, crawford_game=False, jacoby=False):
    """The same position as GNU Backgammon's setup nodes (written here by hand, not by the
    library), for GNU Backgammon to give its GNUbg ID (xgp_ids.py)."""
    ru = '[Crawford:CrawfordGame]' if crawford_game else '[Crawford]' if length > 1 else '[Jacoby]' if jacoby else ''
    who = 'W' if active == 1 else 'B'
    aw = ''.join('[%s]' % ('y' if pt == 25 else chr(ord('a') + pt - 1)) * n for pt, n in sorted(p0.items()))
    ab = ''.join('[%s]' % ('y' if pt == 25 else chr(ord('a') + 24 - pt)) * n for pt, n in sorted(p1.items()))
    out = '(;FF[4]GM[6]CA[UTF-8]AP[make_xg.py]MI[length:%d][game:0][ws:%d][bs:%d]PW[Alice]PB[Bob]%s\n' % (
        length, score[0], score[1], 'RU' + ru if ru else '')
    out += ';PL[%s]AE[a:y]AW%sAB%s\n' % (who, aw, ab)
    if cube_log2:
        out += ';CV[%d]\n;CP[%s]\n' % (1 << abs(cube_log2), 'w' if cube_log2 > 0 else 'b')
    if dice:
        out += ';PL[%s]DI[%d%d]\n' % (who, dice[0], dice[1])
    return out.rstrip('\n') + ')\n'


START = {24: 2, 13: 5, 8: 3, 6: 5}
XGP = {
    # a 7-point match at 2-4, the cube at 2 Bob's; Alice on the bar throws 6-4
    'position_checker': dict(length=7, score=(2, 4), p0={25: 1, 24: 1, 13: 4, 8: 3, 6: 5, 3: 1},
                             p1={24: 2, 13: 4, 8: 2, 6: 4, 5: 2, 4: 1}, active=A, cube_log2=-1, dice=(6, 4)),
    # a money race with the Jacoby rule, the cube centered: Bob's cube decision (2 of his borne off)
    'position_cube': dict(length=0, score=(0, 0), p0={6: 4, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1},
                          p1={6: 3, 5: 3, 4: 3, 3: 2, 2: 2}, active=B, jacoby=True),
    # the Crawford game of a 5-point match at 4-1: Bob throws 3-1 at the starting position
    'position_crawford': dict(length=5, score=(4, 1), p0=START, p1=START, active=B, dice=(3, 1), crawford_game=True),
}


def xgp_files():
    files = {}
    for name, kw in XGP.items():
        files[name + '.xgp'] = xg_file(xgp_records(**kw))
    good = XGP['position_checker']
    files['position_version33.xgp'] = xg_file(xgp_records(**good, version=33))
    files['position_two_moves.xgp'] = xg_file(xgp_records(**good, moves=2))
    over = dict(good, p0={25: 1, 24: 2, 13: 4, 8: 3, 6: 5, 3: 1})  # 16 checkers
    files['position_16_checkers.xgp'] = xg_file(xgp_records(**over))
    crawford_cube = dict(XGP['position_crawford'], cube_log2=1)  # the cube at 2 in the Crawford game
    files['position_crawford_cube.xgp'] = xg_file(xgp_records(**crawford_cube))
    whole = files['position_checker.xgp']
    files['position_cut.xgp'] = whole[: len(whole) // 2]
    return files


def write(name, data):
    with open(os.path.join(HERE, name), 'wb') as f:
        f.write(data)


def inflate_data():
    """The bytes the inflate test compresses: text with repeats, then an LCG's bytes."""
    out = bytearray()
    for k in range(300):
        out += b'Game %d: 31: 8/5 6/5 ' % (k % 17)
    x = 12345
    for _ in range(3000):
        x = (x * 1103515245 + 12345) % (1 << 31)
        out.append((x >> 16) & 0xFF)
    return bytes(out)


def main():
    write('match3.xg', xg_file(three_point_match()))
    write('money.xg', xg_file(money_session()))
    write('version33.xg', xg_file(three_point_match(version=33)))
    write('nackgammon.xg', xg_file(three_point_match(variation=1)))
    write('no_magic.xg', xg_file(three_point_match(magic=b'XXXX')))
    write('header_version2.xg', xg_file(three_point_match(), header_version=2))
    bad = three_point_match()
    bad[3] = move(B, (3, 1), [(8, 4), (6, 5)])  # 8/4 is not a step of 3-1
    write('illegal_play.xg', xg_file(bad))
    for name, data in xgp_files().items():
        write(name, data)
    for name, data in hostile_archives().items():
        write(name, data)
    for name, kw in XGP.items():
        with open(os.path.join(HERE, name + '.sgf'), 'w') as f:
            f.write(sgf_of(**kw))
    # Seeds of the fuzz target fuzz_bg_xg (its first byte: 0 a file, 1 temp.xg alone, 2 zlib).
    corpus = os.path.join(HERE, '..', '..', '..', 'fuzz', 'corpus', 'bg_xg')
    os.makedirs(corpus, exist_ok=True)
    seeds = {'file_match3': b'\x00' + xg_file(three_point_match()),
             'file_money': b'\x00' + xg_file(money_session()),
             'records_match3': b'\x01' + b''.join(three_point_match()),
             'records_money': b'\x01' + b''.join(money_session()),
             'zlib': b'\x02' + zlib.compress(inflate_data()[:2000], 9)}
    for name in XGP:  # first byte 3: an .xgp file
        seeds['xgp_' + name[len('position_'):]] = b'\x03' + xgp_files()[name + '.xgp']
    for name, data in seeds.items():
        with open(os.path.join(corpus, name), 'wb') as f:
            f.write(data)
    raw = inflate_data()
    for level, strategy, name in ((0, zlib.Z_DEFAULT_STRATEGY, 'stored'), (9, zlib.Z_FIXED, 'fixed'),
                                  (9, zlib.Z_DEFAULT_STRATEGY, 'dynamic')):
        c = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
        write('inflate_%s.z' % name, c.compress(raw) + c.flush())


if __name__ == '__main__':
    main()
