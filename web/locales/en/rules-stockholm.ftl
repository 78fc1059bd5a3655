# The rules of Stockholm checkers, in plain words: the page /rules/stockholm.
# Move notation ("f2xh4xf6") and square names ("e5") stay as they are.

rules-stockholm-title = Stockholm checkers
rules-stockholm-intro = Stockholm checkers was invented by Mats Winther in 2017. It is Brazilian checkers (played like international draughts on the 8×8 board) with one change: a man may capture backwards only later in a capture, never with its first jump.

rules-stockholm-board-title = The board
rules-stockholm-board-1 = Play is on the 32 dark squares; the corner a1 is dark. Each player has 12 men on the three rows nearest them. White moves first.
# Under the diagram of the starting position.
rules-stockholm-board-caption = The start.

rules-stockholm-men-title = Men
rules-stockholm-men-1 = A man steps one square diagonally forward.
rules-stockholm-men-2 = It captures by jumping over a diagonally neighbouring enemy piece onto the empty square behind it, and it must go on jumping while it can. The first jump of a man’s capture must go forward; after that it may jump backwards too. This is the one difference from Brazilian checkers.

rules-stockholm-deferred-title = No backward first jump: Stockholm against Brazilian
rules-stockholm-deferred-1 = In Brazilian checkers a man may capture backwards at any jump. In this position, Brazilian rules would force White’s man on e5 to take three pieces, starting with a jump backwards (e5xc3xa5xc7). In Stockholm checkers that first backward jump is not allowed, so the longest capture White may make takes two: f2xh4xf6.

rules-stockholm-longest-title = The longest capture
rules-stockholm-longest-1 = Capturing is compulsory, and you must choose a capture that takes the most pieces; men and kings count the same. Among equally long captures you choose freely.
rules-stockholm-longest-2 = Captured pieces are removed only when the move is over: a piece cannot be jumped twice, and the pieces taken block the way.

rules-stockholm-kings-title = Kings
rules-stockholm-kings-1 = A man whose move ends on the far row becomes a king. One that reaches the far row in the middle of a capture and can jump on goes on as a man.
rules-stockholm-kings-2 = Kings fly: they move any distance diagonally, forwards and backwards, and capture from afar, over one piece, landing on any empty square behind it.

rules-stockholm-end-title = Winning
rules-stockholm-end-1 = You win by capturing all enemy pieces or by leaving your opponent no move. The game is drawn by agreement, when the same position comes up three times, or after 25 moves by each side with only kings moving and no capture.

rules-stockholm-example-title = A game to step through
rules-stockholm-example-1 = A whole game from the start, played by this server’s own rules engine: exchanges, double captures, a king crowned that captures from afar, and the last piece taken. Use the buttons (or the arrow keys on the board) to go forward and back.

## The options of a room: each paragraph starts with the option's name and a colon, as
## the form to create a room names it (the page shows that part in bold).

rules-stockholm-opt-deferred = No backward first jump: a man’s capture must start forwards (Stockholm checkers). Turned off, men capture backwards at any jump: that is Brazilian checkers.
rules-stockholm-opt-max-capture = Longest capture: you must take the most pieces you can (on by default). Turned off, capturing is still compulsory, but any capture will do.
rules-stockholm-opt-king-halt = King halts: on the last jump of a capture, a king must stop on the square just behind the last piece it takes (off by default).
rules-stockholm-opt-repetition = Repetition: the game is drawn when the same position comes up this many times (0 turns this off).
rules-stockholm-opt-no-progress = No progress: the game is drawn after this many moves by each side with only kings moving and no capture (0 turns this off).

## Positions to try: the question, then what the page says of the move made.

rules-stockholm-try-deferred-ask = White to move, under Stockholm rules. Which capture must White play?
rules-stockholm-try-deferred-right = Right: f2xh4xf6 takes two, the most a capture may take here when a man’s first jump must go forward.
rules-stockholm-try-deferred-wrong = Not in Stockholm checkers: a man may not capture backwards as its first jump. In Brazilian checkers this three-piece capture would be forced; here the longest allowed capture takes two.

rules-stockholm-try-longest-ask = White to move. Two White men can capture: which capture must White play?
rules-stockholm-try-longest-right = Right: c3xe5xg7 takes two pieces, the most White can take.
rules-stockholm-try-longest-wrong = Not allowed: the longest capture must be taken, and another capture takes more pieces.

## The game to step through: its title, and a note on some of its moves (by number).

rules-stockholm-game-example-title = An example game
rules-stockholm-game-example-5 = The first capture: White takes on b4 and lands on a5.
rules-stockholm-game-example-8 = Black’s man takes two in one move, turning at e5.
rules-stockholm-game-example-38 = Another double capture for Black, which ends on f2, one step from the crowning row.
rules-stockholm-game-example-40 = The Black man reaches the far row on e1 and is crowned a king.
rules-stockholm-game-example-42 = The king captures from afar, flying along the diagonal over g3 to h4.
rules-stockholm-game-example-46 = White’s last piece is taken: Black wins.
