# The rules of Give and Take, in plain words: the page /rules/giveandtake.
# Move notation ("c3c4", "e5xe8xe2", "4...b3xb1") and square names ("f5") stay as they are.

rules-giveandtake-title = Give and Take
rules-giveandtake-intro = Give and Take was invented by Christopher Elis in 1999. It is played like Turkish checkers, on all 64 squares with men moving straight ahead and sideways, and it has two special rules: you are forced to capture only the piece that has just moved, and a player’s last piece becomes a king.

rules-giveandtake-board-title = The board
rules-giveandtake-board-1 = All 64 squares are used. White’s 16 men start on the second and third rows, Black’s on the sixth and seventh. White moves first.
# Under the diagram of the starting position.
rules-giveandtake-board-caption = The start.

rules-giveandtake-men-title = Men
rules-giveandtake-men-1 = A man steps one square forward or sideways, never backwards and never diagonally.
rules-giveandtake-men-2 = It captures by jumping over a neighbouring enemy piece, forward or sideways, onto the empty square behind it, and it may go on jumping, one piece at each jump. Once a capture has begun it must go on while it can. You need not take the most pieces.

rules-giveandtake-hot-title = Take the piece that just moved
rules-giveandtake-hot-1 = You must capture only when the piece your opponent has just moved can be taken by the first jump of one of your pieces: then you must take it (and keep jumping while you can). Any other capture is allowed but never forced, and when you have both, you must play the forced one.

rules-giveandtake-kings-title = Kings
rules-giveandtake-kings-1 = A man whose move ends on the far row becomes a king. A man that reaches the far row in the middle of a capture goes on capturing as a man and is crowned when the move ends.
rules-giveandtake-kings-2 = A king moves like a rook in chess: any number of empty squares along a row or a column, backwards too. It captures from afar: along a line, over one enemy piece, landing on any empty square behind it. Captured pieces leave the board at once, so the king may turn right round and cross their squares again in the same move. If the king can land where it can capture again, it must.

rules-giveandtake-last-title = The last piece becomes a king
rules-giveandtake-last-1 = When a player is down to a single piece and it is a man, it becomes a king at once, where it stands. This makes for wild sacrifices, as in this game between Christopher Elis (White) and John McCallion: White gives away man after man until only the man on f5 is left, which becomes a king and then takes all nine black pieces in one move.

rules-giveandtake-end-title = Winning
rules-giveandtake-end-1 = You win by capturing all enemy pieces or by leaving your opponent no move. The game is drawn by agreement, when the same position comes up three times, or after 50 moves by each side with no capture and no man moved.

## The options of a room: each paragraph starts with the option's name and a colon, as
## the form to create a room names it (the page shows that part in bold).

rules-giveandtake-opt-repetition = Repetition: the game is drawn when the same position comes up this many times (0 turns this off).
rules-giveandtake-opt-no-progress = No progress: the game is drawn after this many moves by each side with no capture and no man moved (0 turns this off).
rules-giveandtake-opt-hot-trigger = When a capture is forced: when the piece that just moved can be taken by your first jump (the usual rule), or when it can be taken anywhere in a capture.
rules-giveandtake-opt-hot-capture = What a forced capture must do: take the piece that just moved at any jump of the capture (the usual rule), or with its first jump.
rules-giveandtake-opt-lone-man = The last piece: a man becomes a king at once when it is its owner’s only piece (the usual rule), or when it is its owner’s last man, kings aside.
rules-giveandtake-opt-removal = Captured pieces: leave the board at once (the usual rule), so their squares can be crossed again; or stay until the whole capture is over.
rules-giveandtake-opt-king-reversal = A capturing king may turn right round between jumps (the usual rule); turned off, it may not go straight back.
rules-giveandtake-opt-king-landing = After a jump, a king must land where it can jump again if there is such a square (the usual rule), or may land on any empty square behind the captured piece.

## Positions to try: the question, then what the page says of the move made.
## `$n` is how many pieces the move took, `$most` how many the best capture takes.

rules-giveandtake-try-hot-ask = After 1.c3c4 c6c5 it is White’s turn. What must White play?
rules-giveandtake-try-hot-right = Right: Black’s man that just moved to c5 can be taken, so White must take it, and keep jumping: c4xc6xc8, where the man is crowned.
rules-giveandtake-try-hot-wrong = Not allowed: the piece your opponent just moved (c5) can be taken, so you must take it, and keep jumping while you can.

rules-giveandtake-try-king-ask = White’s king on e5 can take all four black pieces in one move. Click the jumps one by one.
rules-giveandtake-try-king-right = Right: the king takes every black piece, turning round twice and crossing squares it has just emptied, as in e5xe8xe2xa2xh2.
rules-giveandtake-try-king-fewer = That capture is allowed, but it takes { $n ->
    [one] one piece
   *[other] { $n } pieces
}: the king can take { $most ->
    [one] one piece
   *[other] { $most } pieces
}. Captured pieces vanish at once, so the king may turn round.
rules-giveandtake-try-king-quiet = That move is allowed, but it captures nothing: the king can take { $most ->
    [one] one piece
   *[other] { $most } pieces
}. Start with a jump over a black piece.

rules-giveandtake-try-mccallion-ask = The position after 4...b3xb1: White’s last man on f5 has just become a king. Take all nine black pieces.
rules-giveandtake-try-mccallion-right = Right: the lone king sweeps the board, as John McCallion played: f5xa5xa7xh7xh1xe1xa1xa4xd4xf4.
rules-giveandtake-try-mccallion-fewer = That capture is allowed, but it takes { $n ->
    [one] one piece
   *[other] { $n } pieces
}; the king can take { $most ->
    [one] one piece
   *[other] { $most } pieces
}, every black piece.
rules-giveandtake-try-mccallion-quiet = That move is allowed, but it captures nothing; the king can take { $most ->
    [one] one piece
   *[other] { $most } pieces
}, every black piece.

## The game to step through: its title, and a note on some of its moves (by number).

rules-giveandtake-game-mccallion-title = Elis – McCallion
rules-giveandtake-game-mccallion-1 = White moves a man where Black must take it: the piece that just moved can be taken.
rules-giveandtake-game-mccallion-2 = Black takes two men.
rules-giveandtake-game-mccallion-3 = Another gift, and Black must take it.
rules-giveandtake-game-mccallion-4 = Taken.
rules-giveandtake-game-mccallion-5 = And another.
rules-giveandtake-game-mccallion-6 = Black’s man takes two and is crowned on f1.
rules-giveandtake-game-mccallion-7 = White gives away its last man but one.
rules-giveandtake-game-mccallion-8 = Black takes it and is crowned on b1. White’s only piece, the man on f5, becomes a king at once.
rules-giveandtake-game-mccallion-9 = The king takes all nine black pieces in one move: White wins.
