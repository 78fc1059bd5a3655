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
