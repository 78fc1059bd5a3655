# A room: the board, seats, clocks, moves, chat, draws, takebacks, the result and the rematch.
