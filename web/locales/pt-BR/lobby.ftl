# The front page: quick pairing, the create form, the open rooms and the live games.
