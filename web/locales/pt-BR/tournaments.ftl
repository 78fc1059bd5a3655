# Tournaments: the list, a tournament's page and the organiser's tools.
