# Рамка страницы вокруг любого экрана: шапка, её ссылки, имя и вход, выбор языка и
# объявления под шапкой.

shell-brand = Checkerhall
shell-nav-play = Играть
shell-nav-history = История
shell-nav-games = Ваши партии
shell-nav-leaderboard = Рейтинг
shell-nav-tournaments = Турниры
shell-nav-rules = Правила
shell-nav-admin = Админка
# Значок у «Ваши партии», читается вслух.
shell-games-waiting = { $count ->
    [one] { $count } партия ждёт вашего хода
    [few] { $count } партии ждут вашего хода
   *[many] { $count } партий ждут вашего хода
}

shell-me-change-name = Сменить имя
shell-me-name-label = Ваше имя: { $name }. Сменить
shell-me-account = Ваша учётная запись
shell-me-sign-in = Войти
shell-me-banned = Заблокирован
shell-name-input = Ваше имя
shell-name-save = Сохранить

shell-language = Язык
# Каждый язык своим собственным названием, одинаково во всех файлах.
shell-language-en = English
shell-language-ru = Русский
shell-language-pt-BR = Português (Brasil)

shell-logged-out = Вы вышли из учётной записи на этом устройстве.
shell-recovering = Сервер восстанавливается; все ваши ходы сохранены.

shell-view-failed = Страница не загрузилась
shell-view-failed-why = Возможно, пропала связь.
shell-try-again = Попробовать снова
shell-not-found = Страница не найдена
shell-back-to-lobby = Вернуться в лобби
