# The sentences of the server's error codes, one message per code: `error-` and the code as
# it is on the wire. The server sends them as an error's `message`, in the reader's language;
# the code itself never changes.

## Requests the server could not read

error-bad_request = The server could not understand this request.
error-bad_json = The server could not read this request.
error-bad_message = This message is not one the server understands.
error-unknown_type = The server does not know this kind of message.
error-unknown_field = The request has a field the server does not take.
error-bad_parameter = A value in the address is wrong or out of range.
error-unknown_parameter = The address has a value the server does not take.
error-too_large = This is larger than the server accepts.
error-unsupported_media_type = The request must be sent as JSON.
error-upgrade_required = The connection must be made again with a newer protocol.
error-method_not_allowed = This cannot be done at this address.
error-timeout = The request took too long to arrive.
error-not_found = There is nothing here: it may have been removed.

## Who may do what

error-unauthorized = You are not signed in. Reload the page to start again.
error-forbidden = This connection was refused.
error-banned = This player is banned from the server.
error-members_only = Only members can play on this server.
error-invite_required = You need an invitation to create an account on this server.
error-bad_invite = This invitation is not valid or has been used.
error-bad_invite_code = This code does not open the private room.
error-bad_credentials = The username or password is wrong.
error-not_admin = Only an administrator can do this.
error-self_ban = You cannot ban yourself.
error-not_logged_in = You are not signed in.
error-already_claimed = This player already has an account.
error-username_taken = This username is taken. Choose another one.

## Forms

error-bad_name = A name must have 1 to 32 letters, without invisible characters.
error-invalid_name = This name cannot be used.
error-bad_username = This username cannot be used: use letters, digits, dashes and underscores.
error-bad_password = This password is too short or too long.
error-bad_time_control = This clock setting is outside what the server allows.
error-bad_address = This e-mail address does not look right.
error-unknown_language = This site cannot be shown in that language.
error-bad_mail_token = This link is not valid or has expired.
error-unknown_mode = This game has no such leaderboard.
error-unknown_pool = There is no such quick game.
error-unknown_bot = There is no such computer player.
error-corrupt_game = This game cannot be read back.
error-already_over = This game is already over.

## Limits

error-too_many = You already have as many open games as the server allows.
error-too_many_sockets = Too many connections from your address. Close some pages and try again.
error-login_rate_limited = Too many sign-in attempts. Wait a minute and try again.
error-invite_rate_limited = Too many codes tried. Wait a minute and try again.
error-identity_rate_limited = Too many new players from your address. Wait a minute and try again.
error-room_rate_limited = Too many new games from your address. Wait a minute and try again.
error-mail_too_soon = A mail was sent less than a minute ago. Wait a little before asking again.
error-rate_limited = You are sending messages too fast. Slow down a little.

## The server

error-internal = Something went wrong on the server.
error-unavailable = The server cannot answer now. Try again in a few seconds.
error-overloaded = The server is busy. Try again in a few seconds.
error-store_failed = Nothing was saved: the server cannot store anything now. Try again soon.
error-mail_off = This server does not send mail.
error-room_closed = This game's room has closed.
error-room_moved = This game moved to another server. Send it again if it still applies.

## Accounts and ratings

error-rated_needs_account = Rated games are for accounts: sign in or create an account to take a seat.
error-rated_needs_clock = A rated game needs a clock.
error-already_seeking = You are already waiting for a quick game. Cancel it first.

## The room

error-invalid_options = These game options are not allowed.
error-invalid_config = This room cannot be set up this way.
error-wrong_state = This cannot be done now.
error-not_a_participant = Only players and visitors with a name can do this.
error-server_only = Only the server can do this.
error-not_a_bot = There is no computer player in this seat.
error-not_seated = You have no seat in this game.
error-already_seated = You already have a seat.
error-seat_taken = This seat is taken.
error-no_such_seat = This game has no such seat.
error-room_full = Every seat is taken.
error-not_host = Only the host can do this.
error-no_bot = This seat holds no computer player.
error-not_all_seats_taken = Every seat must be taken before the start.
error-first_seat_not_allowed = In this game this side cannot move first.
error-not_your_turn = It is not your turn.
error-seat_out = This player is out of the game.
error-illegal_move = { $reason ->
    [capture_compulsory] A capture is compulsory: you must take a piece this turn.
    [longest_capture] The longest capture must be taken: the capture must go on as far as it can.
    [capture_must_continue] The capture is not finished: keep jumping with the same piece.
    [no_backward_first_jump] A man may not capture backwards as its first jump.
    [only_just_moved] Only the piece that just moved may be captured.
    [drop_owed] You must first drop a piece from your reserve onto the board.
    [no_reverse] A piece may not step straight back to the square it came from on your last turn.
    [no_move_from_square] No legal move starts on that square.
    [not_your_piece] That square holds none of your pieces.
    [blocked] That piece cannot go there: the square is taken or out of its reach.
   *[other] This move is not allowed.
}
error-too_late_to_abort = Too late to cancel: every player has moved.
error-abort_not_allowed = A tournament game cannot be cancelled.
error-draw_already_offered = A draw is already offered.
error-no_draw_offer = Nobody is offering you a draw.
error-takeback_not_allowed = Moves can be taken back only in casual games.
error-nothing_to_take_back = You have no move to take back.
error-takeback_already_asked = Someone already asked to take a move back.
error-no_takeback_request = Nobody is asking you to take a move back.
error-claim_not_open = { $seconds ->
    [0] You cannot claim the game while your opponent is connected.
    [one] You can claim the game in { $seconds } second.
   *[other] You can claim the game in { $seconds } seconds.
}
error-rematch_already_asked = You have already asked for a rematch.
error-rematch_created = The rematch has already been created.
error-no_rematch_request = Nobody asked for a rematch.

## Chat

error-chat_empty = The message is empty.
error-chat_too_long = The message is too long: at most 140 characters.
error-chat_too_fast = You are writing too fast: at most 5 messages in 10 seconds.
error-chat_not_allowed = You cannot write in this chat now.
error-no_such_chat = There is no such message.
error-muted = An administrator has muted your chat on this server.

## Tournaments and analysis

error-unknown_game = There is no such game here: the games are Neva checkers, Queah, Give and Take and Stockholm.
error-bad_format = This tournament format does not fit the game: check the format, the rounds and the teams.
error-bad_max_players = The most players must be at least 2, and no fewer than have entered.
error-bad_no_show = The time to show up must be from 1 second to a day.
error-no_bots = Choose at least one computer player to add.
error-too_many_bots = Too many computer players: at most 64 may enter.
error-no_teams = This tournament has no teams, so there are no partners to choose.
error-bad_partner = You cannot be your own partner.
error-unknown_partner = There is no such player to be your partner.
error-not_allowed = You may not create tournaments on this server.
error-not_organiser = Only the tournament's creator or an administrator may change it.
error-account_required = Only accounts play in tournaments: claim your name first.
error-tournament_started = The tournament has started: it can no longer be changed.
error-tournament_full = The tournament is full.
error-tournament_over = The tournament is over.
error-registration_closed = Registration for this tournament is closed.
error-not_entered = You are not entered in this tournament.
error-too_few_players = A tournament needs at least two players to start.
error-game_not_finished = Only finished games are analysed: this one is still being played.
