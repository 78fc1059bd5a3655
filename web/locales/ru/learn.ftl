# The rules pages' own words: navigation, positions to try, games to step through.

learn-try-not-allowed = Правила не разрешают здесь такой ход.
learn-try-quiet = Такой ход разрешён, но это не взятие; здесь можно взять { $most ->
    [one] { $most } шашку
    [few] { $most } шашки
   *[many] { $most } шашек
}.
learn-try-fewer = Такой ход разрешён, но он берёт { $n ->
    [one] { $n } шашку
    [few] { $n } шашки
   *[many] { $n } шашек
}, а можно взять { $most ->
    [one] { $most } шашку
    [few] { $most } шашки
   *[many] { $most } шашек
}.
learn-try-other = Такой ход разрешён, но это правило не о нём.

# Пока загружаются модули страницы правил, и если они не загрузились.
learn-loading = Загружаем правила…
learn-load-failed = Не удалось загрузить страницу правил. Обновите страницу, чтобы попробовать ещё раз.

# Заголовок вкладки браузера; `$game` — название игры.
learn-page-title = { $game }: правила · Checkerhall
learn-how-to-play = { $game }: как играть
# Ссылки на правила четырёх игр вверху страницы, читаются вслух.
learn-games-nav = Правила каждой игры
# Оглавление, читается вслух.
learn-toc = На этой странице
learn-play = Сыграть партию
learn-no-game = Такой игры нет
learn-no-game-choose = Выберите одну из игр выше, чтобы прочитать её правила.

learn-options = Настройки комнаты
learn-options-intro = Создатель комнаты может изменить эти правила; в комнате видно, по каким правилам в ней играют.

# Перед вопросом позиции, которую нужно попробовать.
learn-your-move = Ваш ход:
learn-try-again = Попробовать снова
# После верного ответа: позиция ставится заново, чтобы сыграть ещё раз.
learn-try-once-more = Ещё раз

## Партия для разбора: кнопки, где мы сейчас, и как читается ход.

learn-step-first = В начало
learn-step-back = Назад
learn-step-forward = Вперёд
learn-step-end = В конец
# Читается вслух на доске партии; `$title` — название партии.
learn-step-keys = { $title }: листайте ходы стрелками на клавиатуре
learn-step-count = Ход { $at } из { $total }
learn-step-start = Начальная позиция.
# `$seat` — цвет игрока во множественном числе («Белые»), в «Неве» с углом: «Белые (Утро)».
learn-step-resigns = { $seat } сдаются.
# Ход в «Неве»: «Круг 5, Белые (Утро): 35-45».
learn-step-round = Круг { $round }, { $seat }: { $move }
# Ход в игре для двоих, с номером, как в шахматах: «3. Белые: b2-c3», «3... Чёрные: d4-c3».
learn-step-white = { $number }. { $seat }: { $move }
learn-step-black = { $number }... { $seat }: { $move }
# Игрок «Невы», как его называет страница: цвет, затем угол, «Белые (Утро)».
learn-seat-corner = { $seat } ({ $corner })
