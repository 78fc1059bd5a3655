# Finished games: the history list (/history), "Your games" (/games) and the replay of a
# stored game (/history/<id>) with the computer's analysis.

## The result of a stored game, in the history list and on a player's page.
## $names: the winners' names as a list ("Ann and Bob"); $count: how many they are;
## $reason: why the game ended, in words ("resigned", "out of time").

history-result-won = { $count ->
    [one] { $names } won
   *[other] { $names } won
}
history-result-won-why = { $count ->
    [one] { $names } won, { $reason }
   *[other] { $names } won, { $reason }
}
history-result-draw = Draw
history-result-draw-why = Draw, { $reason }
history-result-unfinished = Unfinished
history-result-unfinished-why = Unfinished, { $reason }

## The history list: its filters, its table and its pages.

history-title = Game history
history-filter-mine = Only my games
history-filter-game = Game
history-filter-all-games = All games
history-filter-result = Result
history-filter-any-result = Any result
# Games someone won (not drawn).
history-filter-decisive = Decisive
history-filter-draw = Draw
history-filter-wins = My wins
history-filter-losses = My losses
history-filter-from = From
history-filter-to = To
history-filter-submit = Filter
history-no-more = No more games.
history-none-match = No games match.
history-col-date = Date
history-col-game = Game
history-col-players = Players
history-col-result = Result
# The link from a game in the list to its replay.
history-replay-link = Replay
# The tooltip of the download link (PDN and PGN4 are file formats, not translated).
history-download-pdn = Download the game (PDN)
history-download-pgn4 = Download the game (PGN4-like text)
# The list of pages, read aloud.
history-pages = Pages
history-page-newer = Newer
history-page-older = Older
# Which games of the list are shown: "Games 21 to 40".
history-page-where = Games { $from } to { $to }

## Your games (/games): every game you sit in that is not over yet.

history-games-title = Your games
history-games-help = Every game you sit in that is not over yet; the ones waiting for your move come first.
# $error: what went wrong, a sentence from the server.
history-games-load-failed = Cannot load your games: { $error }
history-games-none = No game under way.
# A link to the front page, followed by a full stop.
history-games-start-one = Start one in the lobby
history-games-time-up = Time is up
# The time left for the move under way; $time is e.g. "2 days 5 hours".
history-games-left = { $time } left
history-games-waiting-start = Waiting for the start
history-games-waiting-players = Waiting for players
history-games-your-turn = Your turn
# $name: the one opponent whose move it is.
history-games-waiting-for = Waiting for { $name }
history-games-waiting-others = Waiting for the others
# A game and its kind: "Stockholm checkers (Brazilian)", "Neva checkers (teams)".
history-games-game-mode = { $game } ({ $mode })
history-games-mode-brazilian = Brazilian
history-games-mode-teams = teams
# $names: the opponents, comma separated; $count: how many they are.
history-games-against = { $count ->
    [one] against { $names }
   *[other] against { $names }
}
history-games-no-opponent = no opponent yet
# $seat: your seat's colour ("White").
history-games-you-play = you play { $seat }
history-games-play = Play
history-games-open = Open
# The button's name read aloud: "Play: Queah".
history-games-play-label = Play: { $game }
history-games-open-label = Open: { $game }

## The replay of a stored game (/history/<id>).

history-replay-title = Replay
# The page's heading: "Stockholm checkers: White Ann, Black Bob".
history-replay-heading = { $game }: { $players }
# The area of the board, read aloud.
history-replay-board = Board
history-replay-missing = No such game.
history-replay-first = First
history-replay-previous = Previous
history-replay-next = Next
history-replay-last = Last
history-replay-flip = Turn board
history-replay-coordinates = Coordinates
# The position shown, as a string of text a player can copy.
history-replay-position = Position
history-replay-position-string = Position string
history-replay-copy = Copy
# Before the seats and names of the players.
history-replay-players = Players:
# $changes: each player's rating before and after: "Ann 1500 → 1512 (+12)".
history-replay-rated-changes = Rated game: { $changes }.
history-replay-rated = Rated game.
# A game stored before results were kept in full: "White: resigned".
history-replay-result-why = { $result }: { $reason }
# Neva's places: "1. Ann; 2. Bob, Cy".
history-replay-finishing-order = Finishing order: { $order }.
history-replay-download = Download
# The download of the game as a readable record (the other is PDN or PGN4).
history-replay-record = Game record
history-replay-chat = Chat
history-replay-chat-players = Players' chat
history-replay-chat-spectators = Spectators' chat
history-replay-moves = Moves
# The counter over the move list.
history-replay-start = Start position
# $move: the move in words ("White 21-17").
history-replay-counter = Move { $number } of { $total }: { $move }

## The computer's analysis under the replay's board.

history-analysis-title = Computer analysis
history-analysis-request = Request computer analysis
# $error: what went wrong, a sentence from the server.
history-analysis-failed = The analysis failed: { $error }
history-analysis-progress = Analysing: { $done } of { $total ->
    [one] { $total } position
   *[other] { $total } positions
}
# Under the graph. A man is an ordinary piece (not a king); $nodes: how many positions the
# engine looked at for each.
history-analysis-hint = Scores in men, each from that seat's side; the engine searched { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
} for every position of the game. ?! inaccuracy, ? mistake, ?? blunder.
# The note on a flagged move: "f4-g5?? Blunder (-2.50)."; $loss is what it cost in men.
history-analysis-mark = { $move } { $mark } ({ $loss }).
history-analysis-best = Best was { $move }.
# Each seat's flagged moves counted: "White: 1 inaccuracy, 0 mistakes, 2 blunders".
history-analysis-summary = { $seat }: { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}
history-mark-inaccuracy = Inaccuracy
history-mark-mistake = Mistake
history-mark-blunder = Blunder
# The graph's name, read aloud.
history-evalgraph-neva = Evaluation graph, one line per seat; click to go to a move
history-evalgraph-label = Evaluation graph from { $seat }'s side; click to go to a move
# A flagged move's dot on the graph: "5. f4-g5?? (Blunder); best h2-g3".
history-evalgraph-mark = { $number }. { $move } ({ $mark }); best { $best }
