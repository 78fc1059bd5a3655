# The page around every view: the header, its links, the name and sign-in area, the
# language switch and the banners under the header.

shell-brand = Checkerhall
shell-nav-play = Play
shell-nav-history = History
shell-nav-games = Your games
shell-nav-leaderboard = Leaderboard
shell-nav-tournaments = Tournaments
shell-nav-rules = Rules
shell-nav-admin = Admin
# The badge on "Your games", read aloud.
shell-games-waiting = { $count ->
    [one] { $count } game waits for your move
   *[other] { $count } games wait for your move
}

shell-me-change-name = Change your name
shell-me-name-label = Your name: { $name }. Change it
shell-me-account = Your account
shell-me-sign-in = Sign in
shell-me-banned = Banned
shell-name-input = Your name
shell-name-save = Save

shell-language = Language
# Each language by its own name, the same in every file.
shell-language-en = English
shell-language-ru = Русский
shell-language-pt-BR = Português (Brasil)

shell-logged-out = You were logged out on this device.
shell-recovering = The server is recovering; your moves so far are safe.

shell-view-failed = This page did not load
shell-view-failed-why = The connection may be down.
shell-try-again = Try again
shell-not-found = Page not found
shell-back-to-lobby = Back to the lobby
