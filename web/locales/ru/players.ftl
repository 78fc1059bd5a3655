# The leaderboard and a player's page.
