# Страница администратора (/admin): игроки, идущие комнаты, приглашения и журнал действий.

admin-title = Админка
admin-not-admin = Эта страница для администраторов сервера.
admin-show-more = Показать ещё

## Игроки

admin-players = Игроки
admin-search = Найти
admin-search-label = Поиск игроков
admin-search-placeholder = Имя или логин
admin-col-player = Игрок
admin-col-role = Роль
admin-col-joined = Регистрация
admin-no-player = Таких игроков нет.
admin-role-admin = администратор
admin-role-member = участник
admin-role-guest = гость
# Под ролью заблокированного игрока; $when: как давно, например «3 дня назад».
admin-banned-since = заблокирован { $when }
admin-muted = чат запрещён
admin-rename = Переименовать
admin-rename-label = Новое имя для { $name }
admin-cancel = Отмена
admin-ban = Заблокировать
admin-ban-reason = Причина
admin-ban-reason-label = Почему { $name } заблокирован
admin-unban = Разблокировать
admin-mute = Запретить чат
admin-mute-label = Запретить { $name } писать во всех чатах
admin-unmute = Вернуть чат
admin-unmute-label = Снова разрешить { $name } писать в чат

## Комнаты

admin-rooms = Комнаты
admin-col-game = Игра
admin-col-state = Состояние
admin-col-visibility = Доступ
admin-no-room = Сейчас нет ни одной комнаты.
admin-rooms-shown = { $total ->
    [one] Показано { $shown } из { $total } комнаты.
    [few] Показано { $shown } из { $total } комнат.
   *[many] Показано { $shown } из { $total } комнат.
}
# Кто в комнате, под её описанием: «хозяин: Аня · также: Борис, Компьютер, уровень 3».
admin-room-host = хозяин: { $host }
admin-room-with = также: { $names }
admin-public = открытая
# Перед кодом приглашения в комнату.
admin-private = закрытая
admin-room-waiting = ждёт игроков
admin-room-playing = идёт партия
admin-room-finished = партия окончена
admin-room-aborted = закрыта
admin-close = Закрыть
admin-chat = Чат
admin-no-chat = В этой комнате никто не писал.
# После автора сообщения, если оно из чата зрителей.
admin-spectators = (зрители)
admin-delete = Удалить
admin-delete-label = Удалить сообщение игрока { $name }
admin-this-player = этого игрока
# Почему не удалось закрыть комнату или удалить сообщение.
admin-refused-over = Эта партия уже окончена: закрывать нечего.
admin-refused-under-way = Все участники уже сделали ход: идущую партию закрыть нельзя. Игроки могут сдаться или согласиться на ничью.
admin-refused-gone = Этой комнаты уже нет.
admin-refused = Сервер отказал.

## Приглашения

admin-invites = Приглашения
admin-invites-help = По ссылке один человек может создать учётную запись (нужно, когда на сервер принимают только по приглашениям).
admin-make-invite = Создать приглашение
admin-invite-link = Ссылка-приглашение
admin-copy-link = Скопировать ссылку
admin-copied = Скопировано
admin-select-and-copy = Выделите и скопируйте

## Журнал действий: кто, что и с кем сделал. $admin: администратор, $target: игрок (или
## комната, или код приглашения).

admin-audit = Журнал действий
admin-audit-empty = Пока пусто.
admin-audit-rename = { $admin } переименовал(а) { $target }
admin-audit-ban = { $admin } заблокировал(а) { $target }
admin-audit-unban = { $admin } снял(а) блокировку с { $target }
admin-audit-close-room = { $admin } закрыл(а) комнату { $target }
admin-audit-invite = { $admin } создал(а) приглашение { $target }
admin-audit-mute = { $admin } запретил(а) чат игроку { $target }
admin-audit-unmute = { $admin } вернул(а) чат игроку { $target }
admin-audit-delete-chat = { $admin } удалил(а) сообщение в комнате { $target }
# Действие, которого эта страница ещё не знает, по его названию.
admin-audit-other = { $admin } { $action } { $target }
