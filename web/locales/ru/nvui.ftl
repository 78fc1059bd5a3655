# The screen-reader mode: the board as text, the move box and what is announced.
