# The rules of Neva checkers, in plain words (the page /rules/neva). White, Red, Green and
# Black are the players' colours; Morning, Day, Evening and Night their home corners.
# Squares are named by two digits (25); moves are written 25-24, captures 33:13.

rules-neva-title = Neva checkers
rules-neva-intro-1 = Neva checkers is checkers for four players on a board of 36 squares, invented by Valery Trubitsyn in Leningrad in 1987. Each player has six men in a corner of the board, and the corners are named after the times of day: White plays from Morning, Red from Day, Green from Evening and Black from Night.
rules-neva-intro-2 = Everyone plays for themselves, or two against two. Rooms may also be played by two or three players.

rules-neva-board = The board and the pieces
rules-neva-board-1 = The 36 squares form a diamond. Each square is named by two digits, like 25: pieces move along the lines of the diamond, and one step changes one of the two digits by one (25 touches 15, 35, 24 and 26).
rules-neva-board-2 = Each player starts with six men in their home corner: White around 16, Red around 66, Green around 61 and Black around 11. The twelve squares in the middle start empty.
# Under the diagram of the start position: each colour's pieces carry a pattern.
rules-neva-board-caption = The start: White (plain) at the bottom, then Red (dots), Green (stripes) and Black (cross-hatched) around the board.

rules-neva-turns = Taking turns
rules-neva-turns-1 = Players move in the order of the day: Morning (White), Day (Red), Evening (Green), Night (Black), then Morning again. Who moves first is drawn by lot. You can never answer out of turn: if Red takes a White piece, White must wait until Green and Black have moved.
rules-neva-turns-2 = A player who is out of the game is skipped; the others keep their order.

rules-neva-men = How men move
rules-neva-men-1 = A man steps one square forward, towards the corner opposite its home. Each seat has two forward directions: White moves towards 61, Red towards 11, Green towards 16 and Black towards 66. Men never step backwards.

rules-neva-capture = Capturing
rules-neva-capture-1 = A man captures by jumping over a neighbouring piece of any other player onto the empty square just behind it, in any of the four directions, backwards too. If it can jump again it must go on; it may turn left or right between jumps, but never straight back. One move can take pieces of several players.
rules-neva-capture-2 = The pieces taken stay on the board until the move is over: they cannot be jumped twice and they block the way.
rules-neva-capture-3 = Capturing is compulsory: if you can take a piece, you must. A man may choose any capture, not only the longest one.

rules-neva-kings = Kings
rules-neva-kings-1 = A man whose move ends on its target corner (White 61, Red 11, Green 16, Black 66) becomes a king, and the turn passes on. A man that only passes through the corner in the middle of a capture and jumps on stays a man.
rules-neva-kings-2 = A king moves any distance along a line over empty squares. It captures from afar: along a line, over one piece, landing on any empty square behind it, and it goes on capturing while it can. A king that captures must take as many pieces as it can; a man need not.

rules-neva-end = Going out and winning
rules-neva-end-1 = A player who has lost all their pieces is out of the game. So is, in the usual rules, a player who has pieces but no move on their turn, and a player who resigns, leaves or runs out of time: their pieces are taken off.
rules-neva-end-2 = The last player left wins. The others are ranked in the reverse order of going out; players knocked out by the same move share a place. The game is drawn if all remaining players agree, if the same position comes up three times, or after 15 full rounds of king moves with no capture.

rules-neva-teams = Playing in teams
rules-neva-teams-1 = With four players the game can be played two against two: White and Green against Red and Black. Partners sit in opposite corners, so the teams take turns. Each player moves only their own pieces.
rules-neva-teams-2 = Partners’ pieces can be captured, and you must capture them when you can, just like an opponent’s: a good partner uses this to set up combinations. A team wins when both opponents are out.

rules-neva-training-game = A game to step through
rules-neva-training-game-1 = The inventor’s training game, move by move. Use the buttons (or the arrow keys on the board) to go forward and back.

## The options of a room, as the create form names them: each paragraph starts with the
## option's name and a colon (shown in bold).

rules-neva-option-seats = Seats: which colours play. All four; three (one corner stays empty, Night by default); or two, who sit in opposite corners, Morning and Evening, each racing towards the other’s home.
rules-neva-option-teams = Teams: White and Green play together against Red and Black (only with four players). Partners’ pieces must be captured like anyone’s.
rules-neva-option-blocked = A player who cannot move: is out of the game (the usual rule), skips the turn and stays in, or skips the turn while three or more players are left but is out when only two are.
rules-neva-option-departed = A player who resigns, leaves or runs out of time: their pieces are taken off the board (the usual rule), or stay as obstacles that never move but can be captured, and must be, like any other piece.
rules-neva-option-repetition = Repetition: the game is drawn when the same position, with the same player to move, comes up this many times (0 turns this off).
rules-neva-option-no-progress = No progress: the game is drawn after this many full rounds in which only kings moved and nothing was captured (0 turns this off).

## Positions to try: the question, and what the page says of the move played.

rules-neva-capture-back-ask = White to move. Red’s man on 23 stands right behind White’s man on 33. What must White play?
rules-neva-capture-back-right = Right: capturing is compulsory, and a man may capture backwards. 33:13 takes the Red man.
rules-neva-capture-back-wrong = Not allowed: a capture is compulsory, and a man may capture in every direction, backwards too. Look behind the man on 33.
rules-neva-crown-ask = White to move. Crown a White man: which move makes a king?
rules-neva-crown-right = Right: 62-61 ends on White’s target corner, so the man becomes a king.
rules-neva-crown-other = That move is allowed, but it crowns no man. White’s men are crowned on the corner 61.

## The training game: its title, and the notes shown under some of its moves.

rules-neva-training-title = Training game (V. Trubitsyn)
rules-neva-training-4-black = Any move loses something for Black, who gives up one man on the side of the board.
rules-neva-training-5-white = White offers a piece: each of the next three players now has just one move, a compulsory capture.
rules-neva-training-5-red = A forced capture.
rules-neva-training-5-green = A forced capture.
rules-neva-training-5-black = A forced capture, and the stage is set for White.
rules-neva-training-6-white = White’s combination: six pieces of three players in one move, jumping backwards twice and passing through its own corner 61 without being crowned.
rules-neva-training-6-green = Green, down to two men, lets Black take them.
rules-neva-training-6-black = Black takes four pieces and ends on its corner 66: a king. Green is out.
rules-neva-training-7-black = The new king takes two pieces from afar along one line.
rules-neva-training-8-white = White hopes to crown a man on 61.
rules-neva-training-10-red = Red, about to lose, spends its last move making Black’s life harder. Black takes it: Red is out.
rules-neva-training-11-white = White is crowned on 61, but Black has a trap ready for the new king.
rules-neva-training-12-black = Black’s king takes White’s king.
rules-neva-training-14-black = White has only two men against a king and a man.
rules-neva-training-resign = White resigns: Black wins the game.
