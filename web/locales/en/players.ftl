# Players and ratings: the leaderboard (/leaderboard), a player's page (/@/<name>), the
# rating pools' names (also on the lists of tournaments) and how ratings work.

## The rating pools: a game, or a game played one way, with ratings of its own.

players-pool-stockholm = Stockholm
# Stockholm checkers played by the Brazilian rules.
players-pool-brazilian = Brazilian
players-pool-giveandtake = Give and Take
players-pool-queah = Queah
players-pool-neva = Neva
players-pool-neva-teams = Neva teams

## How ratings work: on the leaderboard, under "How ratings work", and on a player's page.

# Stockholm, Give and Take and Queah (two players). $start: the first rating, 1500.
players-rules-two = A rating starts at { $start }. A win against a higher-rated player raises it more than a win against a lower-rated one; a draw moves both players towards each other.
players-rules-neva = Neva ratings count finishing order: finishing ahead of a player raises your rating, finishing behind lowers it, by more when the other player was rated higher than you. In team games both partners share the team's result. The number shown is a cautious estimate (the server's guess of your strength minus three times its doubt), so it rises over your first games as the server learns how you play.
# $example: a provisional rating as the pages write it ("1500?"); $deviation: a number.
players-rules-provisional = The number after ± is how far off a rating may be. A question mark, as in { $example }, means the rating is provisional: it counts from the first rated game, and stays provisional while the number after ± is { $deviation } or more. That takes more games against other new players than against settled ones, and a long time without a rated game brings the question mark back.
players-rules-opponent-limit = Only the first { $games ->
    [one] rated game
   *[other] { $games } rated games
} a day against the same opponent change ratings (days in UTC); later ones that day still count as results.

## The leaderboard.

players-lb-title = Leaderboard
players-lb-intro = The best players of each game by rating. Settled ratings are ranked; provisional ones are listed apart.
players-lb-how = How ratings work
players-lb-progress-means = { $days ->
    [one] Progress is the change over the last day.
   *[other] Progress is the change over the last { $days } days.
}
# The tabs of the pools, read aloud.
players-lb-pools = Rating pools
players-loading = Loading…
# $error: what went wrong, a sentence from the server.
players-lb-failed = The leaderboard did not load: { $error }
# $pool: the pool's name ("Queah", "Neva teams").
players-lb-nobody = Nobody has a settled { $pool } rating yet.
players-lb-be-first = Play rated games to be the first.
# The headings of the two tables: settled ratings, ranked, and provisional ones.
players-lb-settled = Settled
players-lb-provisional = Provisional
players-col-player = Player
players-col-rating = Rating
players-col-games = Games
# The change of a rating over the last days.
players-col-progress = Progress

## A player's page.

# $name: the name looked for in the address.
players-missing = There is no player called { $name } here. Only accounts have a page: guests play without one.
players-failed = This page did not load: { $error }
# $date: the day the account was made, written by the browser ("7 Dec 2026").
players-since = Playing here since { $date }
players-admin = server admin
players-ratings = Ratings
players-no-ratings = No rated games yet. Rated games are chosen when a room is created, between two accounts, with a clock.
# The tooltip of a rating with a question mark.
players-provisional-title = Provisional: not settled yet
players-games-count = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
# The heading over the rating graph: "Queah rating".
players-pool-rating = { $pool } rating
# The rating cards, read aloud.
players-pick-rating = Pick a rating to see its history
players-results = Results by game
players-col-game = Game
players-col-won = Won
players-col-drawn = Drawn
players-col-lost = Lost
players-no-results = No finished games yet.
players-tournaments = Tournaments
# The player's place in a tournament that is over: "placed 2".
players-placed = placed { $place }
players-no-tournaments = No tournaments yet.
players-games = Games
players-all-games = All games
players-result = Result
players-any-result = Any result
# The pages of the player's games, read aloud.
players-pages = Pages of games

## The rating graph on a player's page.

# Read aloud: "Queah rating over 3 rated games, from 1500 to 1532".
players-graph-summary = { $count ->
    [one] { $pool } rating over { $count } rated game, from { $first } to { $last }
   *[other] { $pool } rating over { $count } rated games, from { $first } to { $last }
}
players-graph-none-in = No rated { $pool } games yet
players-graph-none = No rated games yet
