# The rules of Queah, in plain words (the page /rules/queah). Cells are named like the
# squares of a chess board (a1, c3, e5); moves are written b2-c3, captures a1xc3, and a
# piece brought back from the reserve onto c1 before a move @c1,a1xc3.

rules-queah-title = Queah
rules-queah-intro-1 = Queah is a game from Liberia for two players on a small board of 13 cells. Each player has ten pieces, but only four are on the board at a time: the others wait in a reserve and come back as pieces are lost.

rules-queah-board = The board
rules-queah-board-1 = The board is a square standing on its corner, with one extra cell beside each of its sides: 13 cells, named like the dark squares of a 5×5 board (a1, c1, e1, b2 and so on up to e5), with c3 in the centre. The lines show where pieces may move.
rules-queah-board-2 = White starts with four pieces on c1, e1, b2 and d2, Black with four on a5, c5, b4 and d4. The six other pieces of each player are in the reserve beside the board. White moves first.
rules-queah-board-caption = The start, with each player’s reserve on the right.

rules-queah-moves = Moving
rules-queah-moves-1 = On your turn, move one piece one step along a line to an empty neighbouring cell, in any direction: there is no forward or backward in Queah.
rules-queah-moves-caption = White has played b2-c3: the cell it left is lit, and a ring marks where it went.

rules-queah-capture = Capturing
rules-queah-capture-1 = To capture, jump over a neighbouring enemy piece in a straight line onto the empty cell behind it. The captured piece leaves the game for good.
rules-queah-capture-2 = Only one piece can be taken in a turn: there are no multiple jumps. Capturing is up to you, unless the room makes it compulsory.

rules-queah-drops = Bringing pieces back
rules-queah-drops-1 = When you lose a piece, your next turn starts by bringing one back from your reserve onto any empty cell: click your reserve, then the cell. Then you make a normal move, which may be made with the piece you just brought back. So you keep four pieces on the board for as long as your reserve lasts.

rules-queah-no-reverse = No stepping straight back
rules-queah-no-reverse-1 = A piece may not step straight back to the cell it came from on your previous turn. Once you have moved another piece, it may. Captures and drops are never stopped by this rule.

rules-queah-end = Winning
rules-queah-end-1 = You win when your opponent has no pieces left, on the board or in the reserve, or cannot make any move on their turn.
rules-queah-end-2 = If the same position comes up three times, or 40 turns pass with no capture and no piece brought back, the game ends: the player with more pieces (on the board and in reserve) wins, and equal numbers make a draw.

rules-queah-example-game = A game to step through
rules-queah-example-game-1 = A whole game from the start, played by this server’s own rules engine: captures, pieces brought back from the reserve after each loss, and the end. Use the buttons (or the arrow keys on the board) to go forward and back.

## The options of a room, as the create form names them: each paragraph starts with the
## option's name and a colon (shown in bold).

rules-queah-option-edge-ring = Lines around the edge: adds straight lines between neighbouring cells of the outer ring (a1 to c1, c1 to e1, and so on round the board), so pieces can also move and capture along the edge.
rules-queah-option-edge-centre = Lines to the centre: adds straight lines from the centre cell c3 to c1, a3, e3 and c5.
rules-queah-option-centre = Lines around the centre: adds straight lines joining the four cells around the centre (b2, d2, d4, b4).
rules-queah-option-capture-mandatory = Compulsory capture: when you can capture, you must. Off by default, as in the traditional game.
rules-queah-option-drop-timing = When a lost piece comes back: at the start of your next turn, before your move (the usual rule); after your move; instead of your move (the drop is the whole turn); or whenever you like on a later turn, as a whole turn, while you have fewer than four pieces on the board.
rules-queah-option-dropped-piece-may-move = When you bring a piece back before your move, that same piece may make the move (the usual rule); turned off, you must move another piece.
rules-queah-option-no-reverse-move = No stepping straight back: a piece may not return at once to the cell it just came from (on by default).
rules-queah-option-repetition = Repetition: the game ends when the same position comes up this many times, and the player with more pieces wins (0 turns this off).
rules-queah-option-no-progress = No progress: the game ends after this many turns with no capture and no piece brought back, and the player with more pieces wins (0 turns this off).

## Positions to try: the question, and what the page says of the move played (`$move`, in
## the notation above).

rules-queah-drop-ask = White lost a piece on Black’s last turn. Bring a piece back from White’s reserve, then move.
rules-queah-drop-right = Right: { $move }. You brought a piece back onto an empty cell, then made your move.
rules-queah-drop-wrong = You lost a piece: first bring one back from your reserve onto an empty cell, then move.
rules-queah-no-reverse-ask = White’s piece on c3 came from d2 on White’s last turn. Make any move White may make.
rules-queah-no-reverse-right = Right: { $move } is allowed.
rules-queah-no-reverse-wrong = Not allowed: { $move } steps straight back to the cell the piece came from on your previous turn.

## The example game: its title, and the notes shown under some of its moves.

rules-queah-example-title = An example game
rules-queah-example-4 = The first capture: Black jumps over c3. White now owes a piece from the reserve.
rules-queah-example-5 = White brings a piece back onto b2 first, then captures on the same turn.
rules-queah-example-6 = Black does the same: a piece back onto d2, then a capture.
rules-queah-example-17 = A capture without a drop: White has no piece left in the reserve to bring back.
rules-queah-example-22 = White has nothing left, on the board or in the reserve: Black wins.
