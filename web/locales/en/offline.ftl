# The offline page (web/offline.html): what the service worker shows when a page needs
# the server and there is no network. Read from the browser's cache, on its own.

offline-page-title = Offline - Checkerhall
offline-title = You are offline
offline-why = Checkerhall cannot reach its server right now, so this page is not available.
offline-works = What works without a network
offline-rules = The rules of every game, with their lessons and exercises:
offline-game-neva = Neva checkers
offline-game-queah = Queah
offline-game-giveandtake = Give and Take
offline-game-stockholm = Stockholm checkers
offline-needs = What needs the network
offline-needs-what = Playing and watching games, the lobby, your games, the history, tournaments, the leaderboard and your account. They come back as soon as the connection does.
offline-try-again = Try again
