# The rules of Neva checkers, in plain words.
