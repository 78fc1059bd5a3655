# Screen-reader mode: the board read as text (in rooms, replays and the rules pages), the
# move box where a move or a command is typed, and what is read out. A screen reader says
# these sentences aloud, so each is a whole sentence with its full stop.
# `$who` is a seat ("White"), or a player and the seat ("Ann (White)"); `$move` a move as
# written ("c3-d4", "e5xc3xa5"); `$squares` squares ("a3, c1"): none of them translated.

## The board as text

nvui-board-head = Board in words
nvui-pieces-head = Pieces
# One seat's men and kings, in the line of a seat: "White: men a3, c1; king d4."
nvui-men = { $count ->
    [one] man { $squares }
   *[other] men { $squares }
}
nvui-kings = { $count ->
    [one] king { $squares }
   *[other] kings { $squares }
}
nvui-no-pieces = no pieces
# Queah: the pieces a seat has waiting beside the board.
nvui-reserve = { $count } in reserve
# Queah: the seat lost a piece and must first bring one back from its reserve.
nvui-owes = owes a drop
# After a seat's name: the reader's own seat, their partner's (Neva in teams), the seat's
# team, a seat out of the game. "Green (Evening), your partner, team A, out: no pieces."
nvui-you = you
nvui-partner = your partner
nvui-team = team { $team }
nvui-out = out
# Give and Take: the piece that must be taken if it can be.
nvui-hot = The piece that just moved stands on { $square }.

## Whose turn, and the last move

nvui-your-turn = It is your turn.
nvui-to-move = { $who } to move.
nvui-waiting = The game has not started yet.
nvui-over = The game is over.
nvui-aborted = The game was aborted.
nvui-no-last = No move has been played yet.
# Read out when another player moves.
nvui-played = { $who } played { $move }.
nvui-you-played = You played { $move }.
# Under the turn, on the text board.
nvui-last-played = Last move: { $who } played { $move }.
nvui-last-you-played = Last move: you played { $move }.
# After the sentence of a move that captured.
nvui-took = It took { $count ->
    [one] 1 piece
   *[other] { $count } pieces
}.
# In a room, when the reader looks at an earlier position in the move list.
nvui-viewing = Showing the position after move { $n }. Press the right arrow key outside the move box, or choose the last move in the list, to come back.
# A chat line read out: `$who` is the writer's name, `$text` what they wrote.
nvui-said = { $who } says: { $text }

## Answers to the commands

nvui-legal = Legal moves: { $moves }.
nvui-no-legal = You have no move to play now.
nvui-legal-pending = Your legal moves are on their way: ask again in a moment.
# `$clocks`: one nvui-clock or nvui-clock-running per seat, separated by semicolons.
nvui-clocks = Clocks: { $clocks }.
nvui-clock = { $seat } { $time }
nvui-clock-running = { $seat } { $time }, running
nvui-no-clock = This game has no clock.

## The move box

nvui-move-head = Play a move
nvui-move-label = Your move or a command
nvui-play = Play
nvui-legal-button = Legal moves
nvui-clocks-button = Read clocks
# The log that reads out the others' moves and chat lines.
nvui-news = News
# The words a reader may type for each command, lower case, separated by spaces (the
# English words always work too). The help below names them: keep both in step.
nvui-command-moves = moves m legal
nvui-command-clocks = clocks clock c
nvui-command-last = last l
nvui-command-board = board b pieces p
nvui-command-turn = turn t
nvui-command-help = help h ?
nvui-help = Type a move and press Enter. Commands: moves (or m) lists the legal moves, clocks (or c) reads the clocks, last (or l) the last move, board (or b) the pieces, turn (or t) whose turn it is.
# The same in a rules page's position to try, which has no clock and no last move.
nvui-try-help = Type a move and press Enter. Commands: moves (or m) lists the legal moves, board (or b) the pieces, turn (or t) whose turn it is.
