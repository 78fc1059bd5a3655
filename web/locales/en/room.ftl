# The room page: a game being waited for, played or watched, and its end.

## Who sits where

room-you = You
# "you" inside a sentence: "Your team won (you and Green)!"
room-you-lower = you
# A seated player with the seat's colour: "Bob (Red)".
room-seat-label = { $name } ({ $seat })
room-bot-random = Random mover
room-bot-level = Computer level { $level }
room-the-host = the host
room-free-seat = Free seat
room-nobody = nobody
# Neva team play: the two teams are A and B, never a seat's colour.
room-team = Team { $team }

## Why a seat is out (after "out:" and in "You are out: ...")

room-out-captured-all = all pieces captured
room-out-blocked = no move left
room-out-resigned = resigned
room-out-left = left the game
room-out-time = out of time
room-out-abandonment = away too long

## A seat leaves a game that goes on without it (Neva). $subject is "you" for the reader's own seat.

room-departed-resigned = { $subject ->
    [you] You resigned.
   *[other] { $who } resigned.
}
room-departed-left = { $subject ->
    [you] You left the game.
   *[other] { $who } left the game.
}
room-departed-time = { $subject ->
    [you] You ran out of time.
   *[other] { $who } ran out of time.
}
room-departed-abandonment = { $subject ->
    [you] You stayed away too long and are out.
   *[other] { $who } stayed away too long and is out.
}
room-departed-other = { $subject ->
    [you] You are out ({ $reason }).
   *[other] { $who } is out ({ $reason }).
}

## The room's description and turn order

room-desc-private = { $description }, private
room-order-clockwise = { $seats } (clockwise)
room-turn-order = Turn order: { $order }.

## The waiting room

room-waiting-for = { $count ->
    [one] Waiting for { $count } more player.
   *[other] Waiting for { $count } more players.
}
room-next-auto = The game starts when every seat is filled.
room-next-host = You start the game (Start) when every seat is filled.
room-next-other = The host ({ $host }) starts the game when every seat is filled.
room-next-take-seat = Take a free seat to play.
room-full-head = Every seat is filled.
room-full-auto = The game is starting.
room-full-host = Press Start to begin the game.
room-full-other = Waiting for the host ({ $host }) to start the game.
room-full-watching = This room is full: you are watching.
room-seated = Seated: { $who }.
room-seated-nobody = Nobody is seated yet.
room-watch = Watch the game
room-find-another = Find another game

## The end of a game. $who is one label or a list of them; $subject says how the list
## stands as the verb's subject: "you" (the reader alone), "one" (one other) or "many".

room-result-over = Game over.
room-result-draw = Draw.
room-result-you-won = You won!
room-result-team-won = Your team won ({ $who })!
room-result-won = { $subject ->
    [one] { $who } won.
   *[other] { $who } won.
}
room-the-others = The others
room-how-captured-all = { $subject ->
    [one] { $who } has no pieces left.
   *[other] { $who } have no pieces left.
}
room-how-blocked = { $subject ->
    [you] { $who } could not move.
   *[other] { $who } could not move.
}
room-how-resigned = { $subject ->
    [you] { $who } resigned.
   *[other] { $who } resigned.
}
room-how-left = { $subject ->
    [you] { $who } left the game.
   *[other] { $who } left the game.
}
room-how-time = { $subject ->
    [you] { $who } ran out of time.
   *[other] { $who } ran out of time.
}
room-how-abandonment = { $subject ->
    [you] { $who } stayed away too long and the game was claimed.
   *[other] { $who } stayed away too long and the game was claimed.
}
room-how-other = { $who }: { $reason }.
room-drawn-agreement = The players agreed to a draw.
room-drawn-repetition = The same position came up too often: a draw.
room-drawn-no-progress = Too many moves passed without progress: a draw.
room-drawn-abandonment = The opponents stayed away too long and the game was claimed as a draw.
room-drawn-other = Drawn: { $reason }.

## An aborted game or a closed room

room-abort-no-first-move = The game was aborted: { $who } did not make a first move in time. Nobody wins or loses.
room-abort-server = The server closed this game. Nobody wins or loses.
room-abort-unattended-game = The game was closed: nobody was playing it. It does not count; nobody wins or loses.
room-abort-unattended-room = The room was closed: nobody was in it.
room-abort-early-resigned = { $subject ->
    [you] The game was aborted: { $who } resigned before every player had moved, so it does not count. Nobody wins or loses.
   *[other] The game was aborted: { $who } resigned before every player had moved, so it does not count. Nobody wins or loses.
}
room-abort-early-left = { $subject ->
    [you] The game was aborted: { $who } left before every player had moved, so it does not count. Nobody wins or loses.
   *[other] The game was aborted: { $who } left before every player had moved, so it does not count. Nobody wins or loses.
}
room-abort-early-time = { $subject ->
    [you] The game was aborted: { $who } ran out of time before every player had moved, so it does not count. Nobody wins or loses.
   *[other] The game was aborted: { $who } ran out of time before every player had moved, so it does not count. Nobody wins or loses.
}
room-abort-early-abandonment = { $subject ->
    [you] The game was aborted: { $who } were away too long before every player had moved, so it does not count. Nobody wins or loses.
   *[other] The game was aborted: { $who } was away too long before every player had moved, so it does not count. Nobody wins or loses.
}
room-abort-early-claimed = The game was aborted: the game was claimed before every player had moved, so it does not count. Nobody wins or loses.
room-abort-cancelled = The host cancelled this room.
room-abort-by = { $subject ->
    [you] { $who } aborted the game before it really began. Nobody wins or loses.
   *[other] { $who } aborted the game before it really began. Nobody wins or loses.
}
room-abort-plain = The game was aborted. Nobody wins or loses.

## The room's head and the tab's title

room-heading = Room
room-title-private = { $game } (private)
room-tab = { $game } · Checkerhall
room-tab-your-turn = Your turn · { $game }
room-status-aborted = This game was aborted
room-status-over = Game over
room-status-your-turn = Your turn
# The status line: "Red to move (Bob)".
room-status-to-move = { $seat } to move ({ $name })
# A link back to the tournament a game belongs to.
room-event = ← { $name }
room-event-round = ← { $name }, round { $round }
# The socket's round trip, beside the status line.
room-lag = lag { $ms } ms

## The seats

room-players = Players
# Before the occupant's name in a seat's row: "White: Bob".
room-seat-name = { $seat }:
room-seat-you = (you)
room-rating = rating
room-rating-provisional = rating (provisional)
room-presence-online = online
room-presence-away = away
room-presence-connected = connected
room-your-partner = your partner
room-partner = partner: { $seat }
room-first-to-move = first to move
room-to-move = to move
room-seat-out = out: { $reason }
room-sit-here = Sit here
room-move-here = Move here
room-bot-level-for = Computer level for { $seat }
room-level = Level { $level }
room-add-bot = Add computer
room-remove-bot = Remove computer

## The actions under the seats

room-join = Join
room-leave-seat = Leave seat
room-start = Start
room-cancel-room = Cancel room
room-take-back = Take back
room-accept-takeback = Accept takeback
room-decline-takeback = Decline takeback
room-withdraw-takeback = Withdraw takeback
room-offer-draw = Offer draw
room-accept-draw = Accept draw
room-decline-draw = Decline draw
room-withdraw-draw = Withdraw draw offer
room-resign = Resign
room-resign-confirm = Resign this game?
# A button asking to be clicked a second time: "Resign this game? Click again".
room-confirm-again = { $question } Click again
room-abort = Abort
room-claim-victory = Claim victory
room-claim-draw = Claim draw
room-claim-countdown = Your opponents are away: you may claim in { $seconds } s
room-show-result = Show the result
# A takeback asked for: $after is how many moves after the asker's own go back with it.
room-takeback-request = { $after ->
    [0] { $seat } asks to take back their last move.
    [one] { $seat } asks to take back their last move and the move after it.
   *[other] { $seat } asks to take back their last move and the { $after } moves after it.
}
room-waiting-for-seats = Waiting for { $seats }.
room-draw-offered-by = Draw offered by { $seats }.
room-draw-accepted-by = Accepted by { $seats }.

## The board and its tools

room-board = Board
room-side = Players and actions
room-move-placeholder = Type a move, e.g. c3-d4
room-move-placeholder-neva = Type a move, e.g. 25-24 (squares by two digits)
room-move-placeholder-queah = Type a move, e.g. b2-c3, or @e5,d2-e3 after a capture
room-move-input = Type a move
room-move-submit = Play
room-flip = Turn board
room-flip-title = Turn the board (key F)
room-coords = Coordinates
room-sound-on = Sound on
room-sound-off = Sound off
room-rules-link = Rules of this game
# Queah: a piece was put on the board from the reserve; the same turn goes on with a move.
room-drop-hint = Dropped on { $square }: now move a piece to finish your turn.
# A piece, read aloud: "White man", "Red king".
room-piece-man = { $seat } man
room-piece-king = { $seat } king
room-piece-partner = { $piece }, your partner's
# A square, read aloud: "c3: White man", "d4: empty, move here".
room-square = { $square }: { $piece }
room-square-target = { $square }: { $piece }, move here
room-square-empty = empty
room-reserve = { $count ->
    [one] { $seat } reserve: { $count } piece
   *[other] { $seat } reserve: { $count } pieces
}
room-reserve-mine = { $count ->
    [one] { $seat } reserve: { $count } piece, drop one
   *[other] { $seat } reserve: { $count } pieces, drop one
}

## Premoves: a move chosen while another player is to move, played when the turn comes

room-premove-route = { $from } to { $to }
room-premove-queued = Premove { $move }: played when your turn comes. Click the board to cancel it.
room-premove-cancelled = Premove cancelled.
room-premove-ambiguous = Premove { $move } dropped: more than one capture ends there, so choose it yourself.
room-premove-illegal = Premove { $move } dropped: it is not a legal move now.

## Announcements: shown above the board and read out by screen readers

room-started-you-first = The game has started. You move first.
room-started-you-drawn = The game has started. You were drawn to move first.
room-started-first = The game has started. { $who } moves first.
room-started-drawn = The game has started. { $who } was drawn to move first.
room-out-you = You are out: { $reason }.
room-out-other = { $who } is out: { $reason }.
room-draw-you-offered = You offered a draw.
room-draw-offers = { $who } offers a draw.
room-draw-accepted = { $who } accepted the draw offer.
room-draw-declined = { $who } declined the draw.
room-draw-withdrawn = The draw offer was withdrawn.
room-draw-lapsed = The draw offer lapsed.
room-takeback-you-asked = You asked to take back your last move.
room-takeback-asks = { $who } asks to take back their last move.
room-takeback-you-agreed = You agreed to the takeback.
room-takeback-agreed = { $who } agreed to the takeback.
room-takeback-you-declined = You declined the takeback.
room-takeback-declined = { $who } declined the takeback.
room-takeback-withdrawn = The takeback request was withdrawn.
room-takeback-lapsed = The takeback request lapsed.
# $after: how many moves after the reader's own went back with it.
room-took-back-yours = { $after ->
    [0] Your last move was taken back. It is your turn again.
    [one] Your last move was taken back, with the move after it. It is your turn again.
   *[other] Your last move was taken back, with the { $after } moves after it. It is your turn again.
}
room-took-back = { $who }'s last move was taken back.
room-clock-low = Your clock is running low.
# The server restarted during the game; $down and $given are durations ("45 s", "3 min 5 s").
room-resumed = The server was down for { $down }. Nobody loses time for it.
room-resumed-given-back = The server was down for { $down }. The clock of the player to move was given back { $given }: nobody loses time for it.
room-seconds = { $seconds } s
room-minutes-seconds = { $minutes } min { $seconds } s
room-already-started = This game has already started: you are watching it.
room-not-connected = Not connected to the room yet.

## The rematch, in the result dialog and announced

room-rematch-you-declined = You declined the rematch.
room-rematch-declined = { $who } declined the rematch.
room-rematch-expired = The rematch offer expired: nobody answered in time.
room-rematch-asks = { $who } asks for a rematch.
# $subject: "one" when one other player asked, else "other" (the reader, or several).
room-rematch-asked = { $subject ->
    [one] { $who } asks for a rematch.
   *[other] { $who } asked for a rematch.
}
room-rematch-asked-waiting = { $subject ->
    [one] { $who } asks for a rematch; waiting for { $waiting }.
   *[other] { $who } asked for a rematch; waiting for { $waiting }.
}
room-rematch-lapses = The offer lapses in { $seconds } s.

## The result dialog

room-result-close = Close and look at the board
room-result-aborted = Aborted.
# Neva: the places, first to last.
room-finishing-order = Finishing order
room-rematch = Rematch
room-rematch-sent = Rematch asked
room-rematch-accept = Accept rematch
room-rematch-decline = Decline
room-rematch-watch = Watch the rematch
room-new-opponent = New opponent
# Opens the finished game in the replay, with the computer's analysis.
room-analyse = Analyse
room-back = Back

## The connection, in the banner under the header

room-reconnecting = Connection lost. Reconnecting…
room-paused = Paused while you were away. Click anywhere or press a key to reconnect.
room-banned = You have been banned from this server.
room-restarting = The server is restarting. Reconnecting…

## A room address the server does not know

room-dead-title = No such room
room-dead-why = There is no room at this address: the link may be mistyped, or the room closed a while ago.
room-dead-kept = The game played here ({ $game }) is kept: you can replay it.
room-dead-replay = Replay the game

## The invite box of the waiting room

room-invite-label = Invite:
room-invite-link = Invite link
room-invite-copy = Copy invite link
room-invite-copied = Copied
# The browser did not let the page copy: the link is selected for the reader to copy.
room-invite-press-copy = Press Ctrl+C
room-invite-ask-host = A private room: ask the host for the invite link.

## The move list

room-moves = Moves
room-viewing = Showing the position after move { $move }.
room-back-to-game = Back to the game
# A move's button, read aloud: "Move 3: White c3-d4".
room-move-label = Move { $number }: { $ply }
room-ply = { $seat } { $move }
room-ply-resigned = { $seat } resigned
room-ply-left = { $seat } left the game
room-ply-timeout = { $seat } ran out of time
# A player leaving the game, as it shows in the list among the moves.
room-ply-short-resigned = resigned
room-ply-short-left = left
room-ply-short-timeout = time

## The chat

room-chat = Chat
room-chat-players = Players' chat
room-chat-spectators = Spectators' chat
room-chat-input = Chat message
room-chat-placeholder-players = Message the players
room-chat-placeholder-spectators = Message the other spectators
room-chat-send = Send
room-chat-not-sent = The message was not sent.
room-chat-empty = No messages yet.
# A line whose writer is not known any more.
room-chat-someone = Someone
# After the writer's name: the seat they play.
room-chat-seat = ({ $seat })
room-chat-hidden = { $count ->
    [one] { $count } message from muted players hidden.
   *[other] { $count } messages from muted players hidden.
}
room-mute = Mute
room-mute-title = Hide { $name }'s messages in this browser
room-unmute = Unmute { $name }
# How many people watch the room, beside the chat's title.
room-watchers = { $count } watching

## The clocks beside the board

room-clock-label = { $seat } clock
# Before a seat's first move its clock does not run.
room-clock-yours-waits = your clock starts after your first move
room-clock-waits = clock starts after its first move
# $within: how long is left for the first move ("45 s", "2 hours").
room-clock-first-move-yours = Your first move within { $within }
room-clock-first-move = first move within { $within }

## Tournaments as list items: the front page's panel and the tournaments page

room-events-title = Tournaments
room-events-all = All tournaments
# $when: a day and time, "Fri 3 May, 19:00".
room-events-starts = starts { $when }
room-events-rated = rated
room-events-casual = casual
room-events-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
