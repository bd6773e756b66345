# Prints the GNUbg IDs GNU Backgammon writes while a beaver and a raccoon are pending, for
# tests/backgammon/test_beavers.cpp (which holds the values printed here).
#
# Command (GNU Backgammon 1.07.001, Debian package gnubg):
#
#   /usr/games/gnubg -t -q -p tests/data/backgammon/gen_beaver_ids.py | grep '^id '
#
# A money session with `set beavers 2`, seed 5: player 0 opens with 2-1 and plays gnubg's best
# play (24/23 13/11), player 1 doubles, player 0 beavers, player 1 raccoons, player 0 takes.
import gnubg

c = gnubg.command
c("set rng mersenne")
c("set seed 5")
c("set player 0 human")
c("set player 1 human")
c("set automatic roll off")
c("set jacoby off")
c("set beavers 2")
c("new session")
print("id opening %s dice %s" % (gnubg.gnubgid(), gnubg.posinfo()["dice"]))
move = gnubg.hint(5000)["hint"][0]["move"]
c("move " + move)
print("id move %s %s" % (move, gnubg.gnubgid()))
for action in ("double", "beaver", "beaver", "take"):
    c(action)
    print("id %s %s" % (action, gnubg.gnubgid()))
