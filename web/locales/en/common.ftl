# Words several views share: the games' names, the seats and their colours, rule options
# as a room's one-line description names them, results and their reasons, clocks, time
# spans and counts.

## The games. The short name is the one players say ("a game of Neva"); the full name
## heads the rules, the history and a room.

common-game-short-neva = Neva
common-game-short-queah = Queah
common-game-short-giveandtake = Give and Take
common-game-short-stockholm = Stockholm
common-game-name-neva = Neva checkers
common-game-name-queah = Queah
common-game-name-giveandtake = Give and Take
common-game-name-stockholm = Stockholm checkers

## The seats, named by their pieces' colour ("White to move", "Ann (Red)").

common-seat-white = White
common-seat-red = Red
common-seat-green = Green
common-seat-black = Black
# Neva's four corners are named after the time of day of the seat that starts there.
common-corner-white = Morning
common-corner-red = Day
common-corner-green = Evening
common-corner-black = Night

## Players shown by what they are rather than by a name.

common-bot = Computer
common-bot-level = Computer level { $level }
# The bot that plays a random legal move.
common-bot-random = Random mover

## Why a game ended, or why a player was out of it (after the result: "Red won: out of time").

common-reason-captured-all = all pieces captured
common-reason-blocked = no move left
common-reason-resigned = resigned
# A player who left during the game (not the same as resigning).
common-reason-left = left the game
common-reason-time = out of time
common-reason-agreement = draw agreed
common-reason-repetition = position repeated
# The game ended after too many moves without a capture.
common-reason-no-progress = no progress
common-reason-abandonment = opponent left
# A tournament game whose player made no first move in time.
common-reason-no-show = did not show up

## A room in one line, as the front page's list and a room's header show it:
## "Neva, 4 players, teams, 5+3, rated". Only the rules that differ from the usual ones
## are named, each in a few words.

common-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
common-rated = rated
common-casual = casual

common-opt-teams = teams
common-opt-blocked-pass = a blocked player skips
common-opt-blocked-pass-unless-two = a blocked player skips until two are left
common-opt-blocked-eliminate = a blocked player is out
common-opt-departed-inert = a leaver's pieces stay
common-opt-departed-remove = a leaver's pieces go
# Stockholm checkers without the deferred backward capture are Brazilian draughts.
common-opt-brazilian = Brazilian
common-opt-deferred-capture = deferred backward capture
common-opt-any-capture = any capture allowed
common-opt-longest-capture = longest capture
common-opt-king-halt = kings stop after the last piece
common-opt-king-land-anywhere = kings land anywhere after a capture
# Queah's extra lines on the board.
common-opt-edge-lines = edge lines
common-opt-centre-edge-lines = centre-to-edge lines
common-opt-centre-lines = centre lines
common-opt-captures-compulsory = captures compulsory
common-opt-captures-optional = captures optional
# When Queah's captured pieces come back from the reserve ("drop").
common-opt-drop-then-move = drop, then move
common-opt-move-then-drop = move, then drop
common-opt-drop-is-move = a drop is the move
common-opt-drop-any-time = drop any time
common-opt-dropped-waits = a dropped piece waits
common-opt-dropped-moves = a dropped piece may move
common-opt-back-allowed = stepping back allowed
common-opt-no-back = no stepping back
# Give and Take: the piece that just moved must be taken.
common-opt-hot-anywhere = must take the moved piece anywhere
common-opt-hot-at-once = must take the moved piece at once
common-opt-hot-first-jump = the moved piece first
common-opt-hot-any-jump = the moved piece at any jump
common-opt-last-man = a last man crowns
common-opt-last-piece = a last piece crowns
common-opt-removal-end = pieces leave after the capture
common-opt-removal-now = pieces leave at once
common-opt-king-no-turn = kings may not turn back
common-opt-king-turn = kings may turn back
common-opt-king-land-free = kings land freely
common-opt-king-land-jump = kings land to jump on
common-opt-no-repetition = no repetition draw
common-opt-repetition = { $count } repetitions end it
common-opt-no-quiet-limit = no quiet-move limit
# Moves with no capture (and, in some games, no man moved).
common-opt-quiet-moves = { $count } quiet moves end it

## Clocks and time.

common-clock-none = no clock
# A time control of so many seconds for each move.
common-clock-per-move = { $seconds } s a move
# Correspondence: so many days for each move.
common-clock-days-a-move = { $count ->
    [one] { $count } day a move
   *[other] { $count } days a move
}
# A clock showing a day or more: "2d 05h".
common-clock-long = { $days }d { $hours }h
common-speed-blitz = Blitz
common-speed-rapid = Rapid
common-speed-correspondence = Correspondence

# Spans of time: "2 days 5 hours", "3 hours 20 min", "45 s".
common-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
common-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
common-minutes = { $count } min
common-seconds = { $count } s

## Who is in a room that waits for players (the front page's list).

common-room-full = Full
common-waiting-for = { $count ->
    [one] Waiting for { $count } more player
   *[other] Waiting for { $count } more players
}
# { $who } is one name or a list of names; { $people } is how many names it holds.
common-wait-for = { $people ->
    [one] { $count ->
        [one] { $who } waits for { $count } more player
       *[other] { $who } waits for { $count } more players
    }
   *[other] { $count ->
        [one] { $who } wait for { $count } more player
       *[other] { $who } wait for { $count } more players
    }
}

## The display settings, beside every board.

common-settings-colours = Colours
common-scheme-system = Like the system
common-scheme-light = Light
common-scheme-dark = Dark
common-settings-board = Board
common-board-wood = Wood
common-board-sea = Sea
common-board-moss = Moss
common-board-slate = Slate
# A checkbox: the boards of the page are shown as text for a screen reader.
common-settings-reader = Screen reader mode
common-on = On
common-off = Off

## A browser notification when a game becomes your move while you look elsewhere.

common-notice-your-move = Your move
# "Queah against Bob"; { $opponents } is a list of names.
common-notice-against = { $game } against { $opponents }

# A banner when the server has newer files than the page and reloading once did not help.
common-outdated = A newer version of Checkerhall is on the server. Reload the page to play.

## When talking to the server fails (shown where the action was tried).

common-request-failed = The server did not answer as expected; try again in a moment.
common-connection-lost = The connection was lost; try again once it is back.
common-not-connected = Not connected yet; try again in a moment.
# The server refused an action without saying why.
common-refused = The server refused this.
