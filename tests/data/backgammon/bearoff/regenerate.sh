#!/usr/bin/env bash
# Regenerates the bear-off oracle files of this folder with GNU Backgammon's own makebearoff
# (Debian package gnubg 1.07: /usr/games/makebearoff). Run from this folder.
#   os2.bd       makebearoff -o 2            (compressed, gammon distributions: the default)
#   os2_nc.bd    makebearoff -o 2 -c         (not compressed)
#   os2_ng.bd    makebearoff -o 2 -g         (no gammon distributions)
#   os2_ncng.bd  makebearoff -o 2 -c -g
#   os3.bd       makebearoff -o 3
#   ts3x3.bd     makebearoff -t 3x3          (two-sided, cubeful)
#   ts3x3_nc.bd  makebearoff -t 3x3 -C       (two-sided, cubeless only)
#   hyper1.bd    makehyper -c 1              (Hypergammon, 1 checker a side; /usr/games/makehyper)
set -euo pipefail
mb=${MAKEBEAROFF:-/usr/games/makebearoff}
"$mb" -o 2 -f os2.bd
"$mb" -o 2 -c -f os2_nc.bd
"$mb" -o 2 -g -f os2_ng.bd
"$mb" -o 2 -c -g -f os2_ncng.bd
"$mb" -o 3 -f os3.bd
"$mb" -t 3x3 -f ts3x3.bd
"$mb" -t 3x3 -C -f ts3x3_nc.bd
"${MAKEHYPER:-/usr/games/makehyper}" -c 1 -n -f hyper1.bd
