# The mails the server sends to an account, in the account's language: the link that
# confirms an address, and the daily list of correspondence games waiting for a move.
# Plain text; each message is one line or paragraph of the mail.

## The mail that confirms an address.

mail-verify-subject = Confirm your address for Checkerhall
# $name is the player's display name.
mail-verify-hello = Hello { $name },
# The link follows on its own line.
mail-verify-ask = To get a daily mail listing your correspondence games that wait for your move, confirm this address by opening this link (it works once, for two days):
mail-verify-ignore = If you did not ask for this, ignore this mail: nothing will be sent to you.

## The daily mail of games waiting for the reader's move.

# The subject, also the mail's first line.
mail-digest-subject = { $count ->
    [one] { $count } correspondence game waits for your move
   *[other] { $count } correspondence games wait for your move
}
# One game of the list: $game is its name, $opponents the other players' names.
mail-digest-against = { $game } against { $opponents }
# After a game, when it has a deadline: $time reads like "2026-12-07 13:05 UTC".
mail-digest-move-by = move by { $time }
mail-digest-why = You get this mail at most once a day, when games wait for you.
# $link stops the mails.
mail-digest-stop = To stop it, open: { $link }

## The games' names.

mail-game-neva = Neva checkers
mail-game-queah = Queah
mail-game-giveandtake = Give and Take
mail-game-stockholm = Stockholm checkers
