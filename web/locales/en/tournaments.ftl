# The tournaments list (/tournaments), a tournament's page (/tournament/<id>), and the
# words for tournaments that other pages show too (the front page's panel, a player's page):
# the format, the state, the countdown.

## The list and the create form

tournaments-title = Tournaments
tournaments-intro = Register for a tournament before it starts. While its page is open, each game the pairing gives you opens by itself, and the standings follow every result.
tournaments-loading = Loading…
tournaments-list-failed = The tournaments did not load: { $error }
tournaments-none = There are no tournaments yet: none planned, none under way and none played.
tournaments-group-upcoming = Open for registration
tournaments-group-upcoming-empty = Nothing planned yet.
tournaments-group-running = Under way
tournaments-group-running-empty = None right now.
tournaments-group-finished = Finished
tournaments-group-finished-empty = None yet.

# Who may create tournaments on this server: one of the three, then one of the next three.
tournaments-creators-anyone = Anyone may create a tournament on this server, guests too.
tournaments-creators-members = Anyone with an account may create a tournament on this server.
tournaments-creators-admins = On this server only admins create tournaments.
tournaments-creators-yours = Yours starts from the form below.
tournaments-creators-sign-in = Sign in to create one.
tournaments-creators-ask = To have one, ask an admin.

tournaments-create = Create a tournament
tournaments-field-name = Name
tournaments-field-game = Game
tournaments-field-format = Format
tournaments-field-rounds = Rounds
tournaments-field-minutes = Minutes
tournaments-field-clock = Clock
tournaments-field-starts = Starts
tournaments-field-no-show = No-show after
tournaments-field-no-show-help = A player who has not made a first move this long after their first turn comes loses that game by forfeit.
tournaments-field-max = Most players
tournaments-field-rated = Rated (games change ratings)
# The placeholder of "Most players" when it is left empty.
tournaments-no-limit = no limit
tournaments-create-button = Create tournament

# The tournament systems, in the create form's list.
tournaments-system-swiss = Swiss
tournaments-system-round-robin = Round robin
tournaments-system-arena = Arena
tournaments-system-neva-tables = Neva tables

tournaments-clock-fischer = Minutes + increment
tournaments-clock-per-move = Seconds per move
tournaments-clock-base = Minutes each
tournaments-clock-increment = Increment in seconds
# Units after the clock's fields: "5 min + 3 s".
tournaments-unit-min = min
tournaments-unit-s = s

# Said before the form is sent.
tournaments-check-name = Give the tournament a name.
tournaments-check-start = Choose when it starts.
tournaments-check-past = The start is in the past.
tournaments-check-rounds = Choose how many rounds.
tournaments-check-minutes = Choose how many minutes the arena lasts.

## A format in a few words: "Swiss, 5 rounds"

tournaments-format-swiss = { $rounds ->
    [one] Swiss, { $rounds } round
   *[other] Swiss, { $rounds } rounds
}
tournaments-format-round-robin = Round robin
tournaments-format-arena = { $minutes ->
    [one] Arena, { $minutes } minute
   *[other] Arena, { $minutes } minutes
}
tournaments-format-neva = { $rounds ->
    [one] Neva tables, { $rounds } round
   *[other] Neva tables, { $rounds } rounds
}
tournaments-format-neva-teams = { $rounds ->
    [one] Neva team tables, { $rounds } round
   *[other] Neva team tables, { $rounds } rounds
}
# A format this page does not know yet.
tournaments-format-other = Tournament

## How each format works, one paragraph each ("How it works" on a tournament's page, and
## under the create form's format)

tournaments-rules-swiss-pairing = Every round, players meet someone with the same score, or as close as possible. Nobody meets the same opponent twice, and everyone gets White and Black in turn as far as possible.
tournaments-rules-swiss-points = A win scores 1 point, a draw ½, a loss 0. With an odd number of players, one player sits out each round and scores 1 point for it; nobody sits out twice while someone else can.
tournaments-rules-swiss-tiebreaks = Equal scores are split by the points of all the opponents you met (Buchholz), then by the points of the opponents you beat plus half the points of those you drew with (Sonneborn-Berger). A round you sat out counts in your Buchholz as a game against someone on your own points; a round your opponent sat out counts as a draw in theirs.
tournaments-rules-round-robin-pairing = Everybody plays everybody once, in a fixed order of rounds drawn at the start, with White and Black shared out evenly. With an odd number of players, one player sits out each round and scores 1 point for it.
tournaments-rules-round-robin-points = A win scores 1 point, a draw ½, a loss 0. Equal scores are split as in a Swiss event: the opponents' points (Buchholz), then the points of those you beat plus half of those you drew with (Sonneborn-Berger).
tournaments-rules-arena-pairing = { $minutes ->
    [one] Play as many games as you can in { $minutes } minute. When your game ends you are paired again at once with someone waiting, close to your score, and not the same opponent twice in a row if anyone else is waiting.
   *[other] Play as many games as you can in { $minutes } minutes. When your game ends you are paired again at once with someone waiting, close to your score, and not the same opponent twice in a row if anyone else is waiting.
}
tournaments-rules-arena-points = A win scores 2 points, a draw 1, a loss 0. After two wins in a row you are on a streak: each further win scores 4 and a draw 2, until a game you do not win.
tournaments-rules-arena-end = Games still being played when the time is up finish and count. Equal points are split in favour of whoever played fewer games.
tournaments-rules-neva-pairing = Every round, players sit at tables of four (three when the count does not divide by four), grouped by score so that the leaders meet, and kept apart from players they have already sat with where possible.
tournaments-rules-neva-teams-pairing = Partners play as a team of two, sitting opposite each other (White and Green against Red and Black), and stay together all event long. Players who named each other play together; the others are teamed by rating. Each round, teams meet teams with a score close to theirs.
tournaments-rules-neva-seats = Seats turn between rounds, so everyone moves first in turn.
tournaments-rules-neva-points = Points come from your finishing place: at a table of four, 3, 2, 1 and 0; at a table of three, 3, 1½ and 0. Players who finish level share the points of their places. Sitting out a round scores 1½.
tournaments-rules-neva-teams-points = The team whose best-placed player finishes ahead wins: both partners score 3 points; a draw gives each 1½. A team sitting out a round scores 1½ each.
tournaments-rules-neva-tiebreaks = Equal points are split by the points of everyone you sat against, then by the number of wins.
tournaments-rules-no-show = { $seconds ->
    [one] If you have not made your first move { $seconds } second after your first turn comes, you lose that game by forfeit; the tournament goes on.
   *[other] If you have not made your first move { $seconds } seconds after your first turn comes, you lose that game by forfeit; the tournament goes on.
}
tournaments-rules-rated = Games are rated: they change your rating as any rated game does.
tournaments-rules-casual = Games are casual: ratings do not change.

## The state and the countdown

tournaments-state-registering = Registration open
tournaments-state-running = Under way
tournaments-state-finished = Finished
tournaments-state-round = Round { $round }
tournaments-state-round-of = Round { $round } of { $rounds }
# Before the start: "Starts in 4:07", "Starts in 2 days 3 h".
tournaments-starts-in = Starts in { $time }
tournaments-starting = Starting…
tournaments-countdown-now = now
tournaments-countdown-days = { $days ->
    [one] { $days } day { $hours } h
   *[other] { $days } days { $hours } h
}

## A tournament's page

tournaments-all = ← All tournaments
# The page's title until the tournament has loaded.
tournaments-tournament = Tournament
tournaments-rated = rated
tournaments-casual = casual
tournaments-cancelled = This tournament was cancelled.
tournaments-see-others = See the other tournaments
tournaments-not-found = No such tournament
tournaments-not-found-why = It may have been deleted, or the address is wrong.
tournaments-failed = This tournament did not load
tournaments-your-game = Your game is on:
tournaments-go-to-table = Go to your table

tournaments-for-accounts = Tournaments are for accounts.
tournaments-sign-in-to-register = Sign in or create an account to register.
tournaments-registered = You are registered.
tournaments-playing = You are playing.
tournaments-leave = Leave
tournaments-withdraw = Withdraw
tournaments-register = Register
# For a player who left before the start and may register again.
tournaments-rejoin = Rejoin
tournaments-closed = Registration closed when the tournament started.
# Team events: the partner's username.
tournaments-partner = Partner
tournaments-partner-placeholder = username
tournaments-partner-help = A team event: name your partner (their username); they register too, naming you.

tournaments-organise = Organise
tournaments-organise-help = You run this tournament: until it starts you can change it, add computer players, start it early or cancel it.
tournaments-start-now = Start now
tournaments-cancel = Cancel tournament
tournaments-cancel-confirm = Cancel this tournament? Its registrations are removed.
tournaments-bots = Computer players
tournaments-bot-level-label = Computer level
tournaments-bot-level = Level { $level }
tournaments-bot-count = How many
tournaments-add-bots = Add
tournaments-change = Change the tournament
tournaments-save = Save changes
tournaments-saved = Saved.

tournaments-players = Players ({ $count })
tournaments-nobody = Nobody has registered yet.
# After an entrant's name in a team event.
tournaments-with-partner = with { $partner }
tournaments-a-partner = a partner
tournaments-withdrawn = (withdrawn)
tournaments-how = How it works
tournaments-download-standings = Standings (CSV)
tournaments-download-games = All games (PDN)

tournaments-standings = Standings
tournaments-final-standings = Final standings
tournaments-standings-later = The standings appear when the first round starts.
tournaments-no-results = No results yet.
# The standings' column heads.
tournaments-col-rank = #
tournaments-col-player = Player
tournaments-col-points = Points
tournaments-col-games = Games
tournaments-col-games-title = Games played
tournaments-col-wdl = W-D-L
tournaments-col-wdl-title = Won, drawn, lost
# Tiebreak columns, short.
tournaments-tiebreak-buchholz = Buchholz
tournaments-tiebreak-sonneborn-berger = S-B
tournaments-tiebreak-opponents-points = Opp. points
tournaments-tiebreak-wins = Wins

tournaments-rounds = Rounds
# An arena has no rounds: its games are listed instead.
tournaments-games = Games
tournaments-no-games = No games yet.
tournaments-round = Round { $round }
tournaments-sitting-out = Sitting out:
tournaments-table-playing = Playing
# The link to a finished game's room, and to a game on.
tournaments-table-game = Game
tournaments-table-watch = Watch
# A game's result at its table. $names: one or more names, $count: how many.
tournaments-result-draw = Draw
tournaments-result-won = { $count ->
    [one] { $names } won
   *[other] { $names } won
}
tournaments-result-no-show = { $count ->
    [one] { $names } did not show up
   *[other] { $names } did not show up
}
# A player whose name is not known.
tournaments-someone = someone
