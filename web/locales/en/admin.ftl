# The admin page (/admin): players, live rooms, invites and the audit log.

admin-title = Admin
admin-not-admin = This page is for the server's admins.
admin-show-more = Show more

## Players

admin-players = Players
admin-search = Search
admin-search-label = Search players
admin-search-placeholder = Name or username
admin-col-player = Player
admin-col-role = Role
admin-col-joined = Joined
admin-no-player = No player matches.
admin-role-admin = admin
admin-role-member = member
admin-role-guest = guest
# Under a banned player's role; $when: how long ago, e.g. "3 days ago".
admin-banned-since = banned { $when }
admin-muted = muted in chat
admin-rename = Rename
admin-rename-label = New name for { $name }
admin-cancel = Cancel
admin-ban = Ban
admin-ban-reason = Reason
admin-ban-reason-label = Why { $name } is banned
admin-unban = Unban
admin-mute = Mute chat
admin-mute-label = Mute { $name } in every chat
admin-unmute = Unmute chat
admin-unmute-label = Let { $name } write in chat again

## Rooms

admin-rooms = Rooms
admin-col-game = Game
admin-col-state = State
admin-col-visibility = Visibility
admin-no-room = No live room.
admin-rooms-shown = { $total ->
    [one] Showing { $shown } of { $total } room.
   *[other] Showing { $shown } of { $total } rooms.
}
# Who is in a room, under what it is: "host Ann · with Bob, Computer level 3".
admin-room-host = host { $host }
admin-room-with = with { $names }
admin-public = public
# Before the room's invite code.
admin-private = private
admin-room-waiting = waiting for players
admin-room-playing = being played
admin-room-finished = over
admin-room-aborted = closed
admin-close = Close
admin-chat = Chat
admin-no-chat = No chat in this room.
# After a chat line's author when the line was in the spectators' chat.
admin-spectators = (spectators)
admin-delete = Delete
admin-delete-label = Delete the line of { $name }
admin-this-player = this player
# Why closing a room or deleting a chat line was refused.
admin-refused-over = This game is already over; there is nothing to close.
admin-refused-under-way = Every seat has moved: a game under way cannot be closed. The players can resign or agree a draw.
admin-refused-gone = This room is gone already.
admin-refused = The server refused.

## Invites

admin-invites = Invites
admin-invites-help = A link lets one person create an account (needed when the server takes members by invitation).
admin-make-invite = Make an invite
admin-invite-link = Invite link
admin-copy-link = Copy link
admin-copied = Copied
admin-select-and-copy = Select and copy

## The audit log: who did what to whom. $admin: the admin, $target: the player (or the
## room, or the invite's code).

admin-audit = Audit log
admin-audit-empty = Nothing yet.
admin-audit-rename = { $admin } renamed { $target }
admin-audit-ban = { $admin } banned { $target }
admin-audit-unban = { $admin } lifted the ban of { $target }
admin-audit-close-room = { $admin } closed room { $target }
admin-audit-invite = { $admin } made invite { $target }
admin-audit-mute = { $admin } muted { $target } in chat
admin-audit-unmute = { $admin } let { $target } speak in chat again
admin-audit-delete-chat = { $admin } deleted a chat line in room { $target }
# An action this page does not know yet, by its name.
admin-audit-other = { $admin } { $action } { $target }
