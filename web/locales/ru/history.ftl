# Finished games: the history list, your games and the replay.
