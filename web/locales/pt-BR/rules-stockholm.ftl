# The rules of Stockholm, in plain words.
