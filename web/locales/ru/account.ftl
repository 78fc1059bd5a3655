# Вход, страница учётной записи, её настройки и почта, и вход в партию по приглашению.

account-title = Учётная запись
account-banned = Вы заблокированы на этом сервере.

## Гость сохраняет себя (создаёт учётную запись) или входит в существующую.

account-username = Логин
account-display-name = Имя для других игроков
# Подсказка в пустом поле «Имя для других игроков».
account-display-name-same = Как логин
account-password = Пароль
account-invite-code = Код приглашения
account-claim-title = Оставить это имя за собой
# $name — имя гостя, например «Guest-4f2a».
account-claim-help = Вы играете как гость { $name }. Придумайте логин и пароль, чтобы сохранить это имя и свои партии и входить с других устройств.
account-username-help = От 2 до 20 латинских букв, цифр, знаков _ или -.
account-display-name-help = Сразу видно в ваших комнатах и партиях; его можно сменить в любой момент.
account-password-help = Не меньше 8 символов.
account-claim-submit = Создать учётную запись
# Объявление после создания учётной записи; $reason — объяснение сервера.
account-name-refused = Учётная запись создана, но имя не принято: { $reason }
account-login-title = Вход
account-login-help = Уже есть учётная запись? Войдите, чтобы играть под ней на этом устройстве.
account-login-submit = Войти

## Страница участника. После «Вы вошли как» жирным идёт логин.

account-logged-in-as = Вы вошли как
account-role-admin = (администратор)
account-shown-as = другие видят имя { $name }
account-logout = Выйти

account-password-title = Смена пароля
account-current-password = Текущий пароль
account-new-password = Новый пароль
account-new-password-again = Новый пароль ещё раз
account-password-others = На всех других устройствах вы выйдете из этой учётной записи.
account-password-submit = Сменить пароль
account-passwords-differ = Новые пароли не совпадают.
# $count — на скольких других устройствах смена пароля завершила вход.
account-password-changed = { $count ->
    [0] Пароль изменён.
    [one] Пароль изменён; выход выполнен на { $count } другом устройстве.
    [few] Пароль изменён; выход выполнен на { $count } других устройствах.
   *[many] Пароль изменён; выход выполнен на { $count } других устройствах.
}

account-devices-title = Устройства
account-devices-help = Где выполнен вход в эту учётную запись. Отключите устройство, которое вам незнакомо.
account-devices-device = Устройство
account-devices-since = Вход
account-this-device = (это устройство)
account-revoke = Отключить
# Браузер и система, каждый своим названием: «Firefox на Linux».
account-device-on = { $browser } на { $os }
account-device-unknown = Неизвестное устройство

account-language-title = Язык
account-language-help = Сайт и письма от него будут на этом языке на любом устройстве, где вы войдёте.
account-language-label = Язык учётной записи

## Блок «Партии, где ждут вашего хода»: уведомления в этом браузере и ежедневное письмо.

account-waiting-title = Партии, где ждут вашего хода
account-notify-title = В этом браузере
account-notify-on = Больше не уведомлять здесь
account-notify-off = Уведомлять здесь
account-notify-unsupported = Этот браузер не умеет показывать уведомления.
account-notify-denied = Этот браузер блокирует уведомления с этого сайта; разрешите их в его настройках.
account-notify-state-on = Браузер сообщит вам, когда в партии наступит ваш ход, пока вы заняты другим.
account-notify-state-off = Получайте уведомление в этом браузере, когда в партии наступает ваш ход, пока вы заняты другим.

account-mail-title = По почте
account-mail-address = Адрес электронной почты
account-mail-send-link = Отправить ссылку
account-mail-change = Сменить адрес
account-mail-stop = Не присылать письма
account-mail-again = Снова присылать письма
account-mail-remove = Удалить адрес
account-mail-off = Этот сервер не отправляет писем.
account-mail-none = Укажите адрес, чтобы раз в день получать список партий по переписке, где ждут вашего хода.
account-mail-unverified = Мы отправили ссылку на { $address }. Откройте её, чтобы подтвердить адрес.
account-mail-unsubscribed = Письма на { $address } отключены.
account-mail-on = Партии, где ждут вашего хода, раз в день приходят письмом на { $address }.
# Идёт после account-mail-on; $when — дата и время.
account-mail-last = Последнее письмо: { $when }.
# Объявления, когда ссылка из письма привела на страницу учётной записи.
account-mail-verified = Адрес подтверждён: раз в день вам будет приходить письмо с партиями, где ждут вашего хода.
account-mail-unsubscribed-link = Писем о ваших партиях больше не будет. Их можно снова включить здесь в любой момент.
account-mail-bad-link = Эта ссылка неизвестна, уже использована или устарела. Запросите новую ниже.

## Вход в комнату по ссылке-приглашению (/join/<код>).

account-join-title = Приглашение
account-joining = Входим по коду приглашения { $code }…
account-join-gone = Это приглашение больше не действует: комнаты уже нет или код набран с ошибкой.
account-join-back = Вернуться в лобби: сыграть сейчас или найти открытую комнату
