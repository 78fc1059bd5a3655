# The rules of Queah, in plain words.
