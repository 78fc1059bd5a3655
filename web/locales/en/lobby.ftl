# The front page: one-click games, quick pairing, open rooms, joining by code and the form
# that creates a room with every rule ("More options").

## Play now: a card per game.

lobby-play-now = Play now
lobby-level = Computer level
lobby-level-help = 1 easiest, 5 strongest
# The tooltips of the level buttons 1 to 5.
lobby-level-easiest = Easiest
lobby-level-strongest = Strongest
lobby-level-n = Level { $level }
lobby-blurb-neva = Two to four players round one board, in turn, alone or in teams.
lobby-blurb-queah = A small board of 13 cells; captured pieces come back from the reserve.
lobby-blurb-giveandtake = Checkers on all 64 squares, moving straight; the piece that just moved must be taken.
lobby-blurb-stockholm = Draughts on 8x8: a man jumps forward first, then may turn back.
lobby-rules = Rules
lobby-play-computer = Play the computer
lobby-find-opponent = Find an opponent
# On the button just clicked, while the game is being made.
lobby-starting = Starting…
lobby-quick-too-many = You already have as many open rooms as this server allows: finish or leave one first.
lobby-quick-busy = The server is busy right now; try again in a moment.
lobby-quick-rate-limited = Too many new rooms from here this minute; wait a little.
lobby-quick-none = This server does not offer quick games yet; use "More options" below.

## Quick pairing: a tile per clock of the chosen game, and the players waiting.

lobby-quick-pairing = Quick pairing
lobby-kind-neva-ffa = Neva, four players
lobby-kind-neva-teams = Neva, two against two
lobby-pool-waiting = { $count } waiting
lobby-pool-nobody-waiting = nobody waiting
lobby-pool-playing = { $count } playing
# On the tile of the pool the player waits in.
lobby-pool-waiting-mine = Waiting for opponents… click to stop
# Read aloud on a tile: "Play 3+2 Blitz: 2 waiting, 4 playing".
lobby-pool-play-label = Play { $clock } { $speed }: { $counts }
lobby-pool-stop-label = Stop waiting { $clock } { $speed }: { $counts }
lobby-pool-rated-help = Rated when your opponents have accounts and ask for rated too; otherwise casual.
lobby-open-seeks = Open seeks
lobby-no-seeks = Nobody is waiting right now: pick a clock above and others will see you here.
lobby-seek-failed = A game was found but could not be opened (the server is busy); try again.
lobby-seek-refused = Could not start waiting: you may already be waiting in another tab, or the server is busy.

## Open rooms.

lobby-open-rooms = Open rooms
lobby-loading-rooms = Loading rooms…
lobby-no-rooms = No open rooms right now. Play the computer, or find an opponent: your room shows here for others.
# A game under way; { $players } lists its players with their colours.
lobby-playing = Playing: { $players }
lobby-join = Join
lobby-watch = Watch
# Read aloud on a room's button; { $room } is the room in one line ("Neva, 4 players, 5+3").
lobby-join-room = Join: { $room }
lobby-watch-room = Watch: { $room }
lobby-starts-when-full = Starts when full
lobby-invite-code = Invite code

## More options: the form that creates a room.

lobby-more-options = More options
lobby-more-options-help = every rule, seats, bots, clock, private rooms
lobby-create-a-room = Create a room
lobby-loading-games = Loading the games…
lobby-games-failed = Cannot load the games: { $error }
lobby-name-saved = Saved
lobby-game = Game
lobby-rules-of-game = Rules of this game
lobby-seats = Seats
lobby-seat-me = Me
lobby-seat-person = A person
lobby-seat-bot = Computer, level { $level }
lobby-yes = yes
lobby-no = no
# A link after each option's explanation, to its paragraph of the rules.
lobby-how-it-plays = How it plays
lobby-how-it-plays-label = How "{ $option }" changes the game (opens the rules)
lobby-clock = Clock
lobby-tc-none = No clock
lobby-tc-fischer = Minutes + increment
lobby-tc-per-move = Seconds per move
lobby-tc-correspondence = Correspondence (days per move)
lobby-tc-minutes = Minutes each
lobby-tc-increment = Increment in seconds
lobby-tc-days = Days per move
# Units after the clock's number fields: "5 min + 3 s".
lobby-tc-min = min
lobby-tc-s = s
# After the days: "3 days a move".
lobby-tc-a-move = a move
lobby-tc-days-help = A long game: come back whenever you like, within the days given for each move. Nobody can win it because you are away; "Your games" shows where it is your move.
lobby-rated = Rated
lobby-rated-accounts-only = Only for accounts: sign in to play rated games.
lobby-rated-needs-clock = Needs a clock.
lobby-rated-effect = The result changes the players' ratings; guests cannot sit in a rated room.
lobby-private = Private (invite only)
lobby-auto-start = Start by itself when every seat is taken
lobby-create = Create room

## The rule options, by name, then what each does in its game.

lobby-opt-seats = Players
lobby-opt-teams = Teams
lobby-opt-blocked = A blocked player
lobby-opt-departed = A leaver's pieces
lobby-opt-repetition = Repetitions
lobby-opt-no-progress = Quiet-move limit
lobby-opt-deferred-backward-capture = Deferred backward capture
lobby-opt-max-capture = Longest capture
lobby-opt-king-halt = King stops after the last piece
lobby-opt-edge-ring = Edge lines
lobby-opt-edge-centre = Centre-to-edge lines
lobby-opt-centre = Centre lines
lobby-opt-capture-mandatory = Compulsory capture
lobby-opt-drop-timing = When to drop
lobby-opt-dropped-piece-may-move = A dropped piece may move
lobby-opt-no-reverse-move = No stepping back
lobby-opt-hot-trigger = Taking the moved piece
lobby-opt-hot-capture = Which jump takes it
lobby-opt-lone-man = Crowning the last piece
lobby-opt-removal = Captured pieces leave
lobby-opt-king-reversal = Kings turn back
lobby-opt-king-landing = King's landing

lobby-help-repetition-draw = The game is drawn when the same position comes up this many times (0 = never).
lobby-help-neva-seats = Which colours play: all four, three, or two at opposite corners.
lobby-help-neva-teams = Play in teams, White and Green against Red and Black (needs four players).
lobby-help-neva-blocked = A player who cannot move is out of the game, skips the turn, or skips unless only two players are left.
lobby-help-neva-departed = When a player leaves the game, their pieces are taken off, or stay as obstacles that can still be captured.
lobby-help-neva-no-progress = The game is drawn after this many full rounds of king moves with no capture (0 = never).
lobby-help-queah-edge-ring = Adds straight lines around the outer edge of the board, so pieces can also move along it.
lobby-help-queah-edge-centre = Adds straight lines from the centre cell to the middle of each edge.
lobby-help-queah-centre = Adds straight lines joining the four cells around the centre.
lobby-help-queah-capture-mandatory = When you can capture, you must.
lobby-help-queah-drop-timing = When a player who lost a piece brings one back from the reserve: before the move, after it, instead of it, or whenever they like.
lobby-help-queah-dropped-piece-may-move = When you bring a piece back before your move, that same piece may make the move.
lobby-help-queah-no-reverse-move = A piece may not step straight back to where it came from on your next turn.
lobby-help-queah-repetition = The game ends when the same position comes up this many times; whoever has more pieces wins (0 = never).
lobby-help-queah-no-progress = The game ends after this many turns with no capture and no piece brought back; whoever has more pieces wins (0 = never).
lobby-help-stockholm-deferred = A man's first jump must go forward, later jumps may go backward; turn off for Brazilian draughts.
lobby-help-stockholm-max-capture = You must take the most pieces you can (a king counts as one); turn off to allow any capture.
lobby-help-stockholm-king-halt = A king ends its capture on the square just past the last piece it took.
lobby-help-stockholm-no-progress = The game is drawn after this many moves by each side with only kings moving and no capture (0 = never).
lobby-help-giveandtake-no-progress = The game is drawn after this many moves by each side with no capture and no man moved (0 = never).
lobby-help-giveandtake-hot-trigger = You must capture when the piece your opponent just moved can be taken with your first jump, or anywhere in a capture.
lobby-help-giveandtake-hot-capture = A forced capture must take the piece your opponent just moved, at any jump or with the first jump.
lobby-help-giveandtake-lone-man = A man becomes a king at once when it is its owner's last piece, or last man.
lobby-help-giveandtake-removal = Captured pieces leave the board at once, or only when the whole capture is over.
lobby-help-giveandtake-king-reversal = A capturing king may turn right around between jumps.
lobby-help-giveandtake-king-landing = After a jump, a king must land where it can jump again if there is such a square, or may land anywhere behind the captured piece.
