# The rules pages' own words: navigation, positions to try, games to step through.

# What a position to try says of a move, unless the position has its own words. `$move` is
# the move as written, `$n` and `$most` numbers of pieces.
learn-try-not-allowed = The rules do not allow that move here.
learn-try-quiet = That move is allowed, but it is not a capture; there is a way to take { $most ->
    [one] one piece
   *[other] { $most } pieces
}.
learn-try-fewer = That move is allowed, but it takes { $n ->
    [one] one piece
   *[other] { $n } pieces
}; there is a way to take { $most ->
    [one] one piece
   *[other] { $most } pieces
}.
learn-try-other = That move is allowed, but it is not the one this rule is about.

# While the rules page's modules load, and if they do not.
learn-loading = Loading the rules…
learn-load-failed = The rules page could not be loaded. Reload the page to try again.

# The browser tab's title; `$game` is the game's name.
learn-page-title = { $game }: rules · Checkerhall
learn-how-to-play = How to play { $game }
# The links to the four games' rules at the top of the page, read aloud.
learn-games-nav = Rules of each game
# The table of contents, read aloud.
learn-toc = On this page
learn-play = Play a game
learn-no-game = No such game
learn-no-game-choose = Choose one of the games above to read its rules.

learn-options = Options of a room
learn-options-intro = A room’s creator may change these rules; the room shows what it plays.

# Before the question of a position to try.
learn-your-move = Your move:
learn-try-again = Try again
# After a right answer: the position is set up again to play once more.
learn-try-once-more = Again

## A game to step through: the buttons, where it is, and how a move reads.

learn-step-first = Start
learn-step-back = Back
learn-step-forward = Forward
learn-step-end = End
# Read aloud on the board of a game; `$title` is the game's title.
learn-step-keys = { $title }: use the arrow keys to step through the moves
learn-step-count = Move { $at } of { $total }
learn-step-start = The start position.
# `$seat` is a player's colour, in Neva with its corner: "White (Morning)".
learn-step-resigns = { $seat } resigns.
# A move of Neva: "Round 5, White (Morning): 35-45".
learn-step-round = Round { $round }, { $seat }: { $move }
# A move of a two-player game, numbered as in chess: "3. White: b2-c3", "3... Black: d4-c3".
learn-step-white = { $number }. { $seat }: { $move }
learn-step-black = { $number }... { $seat }: { $move }
# A Neva player as the page names them: the colour, then the corner, "White (Morning)".
learn-seat-corner = { $seat } ({ $corner })
