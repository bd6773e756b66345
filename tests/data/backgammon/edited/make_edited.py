# A game played by GNU Backgammon 1.07 from a position edited into it (its `set board`, `set
# cube`, `set turn`, `set dice`), saved as .sgf with the setup nodes it writes (a money session
# is not made: `play` goes on game after game):
#   cd tests/data/backgammon/edited && gnubg -t -q -p make_edited.py
# then the oracle (what GNU Backgammon reads of them, as for ../wild):
#   /usr/bin/python3 ../wild/gnubg_oracle.py *.sgf | /usr/bin/python3 ../wild/gnubg_oracle.py --text > gnubg_oracle.txt
import os

import gnubg

c = gnubg.command
HERE = os.getcwd()


def players(who):
    for p in (0, 1):
        c("set player %d %s" % (p, who))
        if who == "gnubg":
            c("set player %d chequerplay evaluation plies 0" % p)
            c("set player %d cubedecision evaluation plies 0" % p)


c("set seed 7")
players("human")
# a 5-point match at 1-2: the position, the cube at 2 owned by O (player 1), X (player 0) on roll with 53
c("new match 5")
c("set score 1 2")
c("set board 4HPiAWAzTvABMA")
c("set cube value 2")
c("set cube owner 1")
c("set turn 0")
c("set dice 53")
players("gnubg")
c("play")
c("save match %s/gnubg_edited_match5.sgf" % HERE)
