# Signing in, the account page, its settings and mail, and joining by invite.

account-title = Account
account-banned = You have been banned from this server.

## A guest keeps its identity (makes an account) or logs in to one.

account-username = Username
account-display-name = Name shown to others
# Placeholder of the empty "Name shown to others" field.
account-display-name-same = Same as the username
account-password = Password
account-invite-code = Invite code
account-claim-title = Keep this identity
# $name is the guest's name, e.g. "Guest-4f2a".
account-claim-help = You play as the guest { $name }. Choose a username and a password to keep this name and your games, and to log in from other devices.
account-username-help = 2 to 20 letters, digits, _ or -.
account-display-name-help = Shown at once in your rooms and games; change it any time.
account-password-help = At least 8 characters.
account-claim-submit = Create account
# A banner after the account was made; $reason is the server's sentence.
account-name-refused = Your account is made, but the name was refused: { $reason }
account-login-title = Log in
account-login-help = Already have an account? Log in to play as it on this device.
account-login-submit = Log in

## A member's page. "Logged in as" is followed by the username, in bold.

account-logged-in-as = Logged in as
account-role-admin = (admin)
account-shown-as = shown to others as { $name }
account-logout = Log out

account-password-title = Change password
account-current-password = Current password
account-new-password = New password
account-new-password-again = New password again
account-password-others = Every other device logged in to this account is logged out.
account-password-submit = Change password
account-passwords-differ = The two new passwords differ.
# $count: how many other devices were logged out by the change.
account-password-changed = { $count ->
    [0] Password changed.
    [one] Password changed; { $count } other device logged out.
   *[other] Password changed; { $count } other devices logged out.
}

account-devices-title = Devices
account-devices-help = Where this account is logged in. Revoke a device you do not recognise.
account-devices-device = Device
account-devices-since = Logged in
account-this-device = (this device)
account-revoke = Revoke
# A browser on a system, both by their own names: "Firefox on Linux".
account-device-on = { $browser } on { $os }
account-device-unknown = Unknown device

account-language-title = Language
account-language-help = The site and the mails it sends you are in this language on every device you log in to.
account-language-label = Language of this account

## The "Games waiting for you" panel: notifications in this browser, and the daily mail.

account-waiting-title = Games waiting for you
account-notify-title = In this browser
account-notify-on = Stop notifying me here
account-notify-off = Notify me here
account-notify-unsupported = This browser cannot show notifications.
account-notify-denied = This browser blocks notifications from this site; allow them in its settings.
account-notify-state-on = This browser tells you when a game becomes your move while you look elsewhere.
account-notify-state-off = Get a notification in this browser when a game becomes your move while you look elsewhere.

account-mail-title = By mail
account-mail-address = Mail address
account-mail-send-link = Send the link
account-mail-change = Change the address
account-mail-stop = Stop the mails
account-mail-again = Mail me again
account-mail-remove = Remove the address
account-mail-off = This server does not send mail.
account-mail-none = Give an address to get, once a day, the list of correspondence games waiting for your move.
account-mail-unverified = We sent a link to { $address }. Open it to confirm the address.
account-mail-unsubscribed = Mails to { $address } are off.
account-mail-on = Games waiting for your move are mailed to { $address } once a day.
# Follows account-mail-on; $when is a date and time.
account-mail-last = Last sent { $when }.
# Banners after a link from a mail led to the account page.
account-mail-verified = Your address is confirmed: games waiting for your move will be mailed to you once a day.
account-mail-unsubscribed-link = You will get no more mails about your games. Turn them back on here any time.
account-mail-bad-link = That link is unknown, already used or too old. Ask for a new one below.

## Joining a room by an invite link (/join/<code>).

account-join-title = Invitation
account-joining = Joining with invite code { $code }…
account-join-gone = This invitation is not valid any more: the room is gone, or the code is mistyped.
account-join-back = Back to the lobby: play now or find an open room
