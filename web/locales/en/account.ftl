# Signing in, the account page, its settings and mail, and joining by invite.
