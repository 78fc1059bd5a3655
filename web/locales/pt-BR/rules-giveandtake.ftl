# The rules of Give and Take, in plain words.
