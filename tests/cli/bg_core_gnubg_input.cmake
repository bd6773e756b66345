# Writes the input of `backgammon moves` for the gnubg vectors: the first three fields
# (<position id> <d1> <d2>) of every line of DATA, into OUT.
#   cmake -DDATA=<gnubg_moves.txt> -DOUT=<file> -P bg_core_gnubg_input.cmake
cmake_minimum_required(VERSION 3.20)
file(READ "${DATA}" text)
string(REGEX REPLACE "([^ \n]+ [1-6] [1-6])[^\n]*" "\\1" text "${text}")
file(WRITE "${OUT}" "${text}")
