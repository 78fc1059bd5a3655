# Сыгранные партии: история (/history), «Ваши партии» (/games) и просмотр сохранённой
# партии (/history/<id>) с компьютерным анализом.

## Результат сохранённой партии в истории и на странице игрока.
## $names: победители списком («Аня и Боря»); $count: сколько их;
## $reason: почему партия закончилась, словами.

history-result-won = { $count ->
    [one] Победитель: { $names }
    [few] Победители: { $names }
   *[many] Победители: { $names }
}
history-result-won-why = { $count ->
    [one] Победитель: { $names }, { $reason }
    [few] Победители: { $names }, { $reason }
   *[many] Победители: { $names }, { $reason }
}
history-result-draw = Ничья
history-result-draw-why = Ничья, { $reason }
history-result-unfinished = Не окончена
history-result-unfinished-why = Не окончена, { $reason }

## История: фильтры, таблица и страницы.

history-title = История партий
history-filter-mine = Только мои партии
history-filter-game = Игра
history-filter-all-games = Все игры
history-filter-result = Результат
history-filter-any-result = Любой результат
# Партии, в которых кто-то победил (не ничьи).
history-filter-decisive = Результативные
history-filter-draw = Ничьи
history-filter-wins = Мои победы
history-filter-losses = Мои поражения
history-filter-from = С
history-filter-to = По
history-filter-submit = Показать
history-no-more = Больше партий нет.
history-none-match = Подходящих партий нет.
history-col-date = Дата
history-col-game = Игра
history-col-players = Игроки
history-col-result = Результат
# Ссылка из списка на просмотр партии.
history-replay-link = Смотреть
# Подсказка у ссылки на скачивание (PDN и PGN4 — форматы файлов, не переводятся).
history-download-pdn = Скачать партию (PDN)
history-download-pgn4 = Скачать партию (текст в духе PGN4)
# Список страниц, читается вслух.
history-pages = Страницы
history-page-newer = Более новые
history-page-older = Более старые
# Какие партии списка показаны: «Партии с 21 по 40».
history-page-where = Партии с { $from } по { $to }

## «Ваши партии» (/games): все партии, где вы играете и которые ещё не окончены.

history-games-title = Ваши партии
history-games-help = Все ещё не оконченные партии, в которых вы играете; сначала те, где ждут вашего хода.
# $error: что пошло не так, фраза от сервера.
history-games-load-failed = Не удалось загрузить ваши партии: { $error }
history-games-none = Сейчас у вас нет партий.
# Ссылка на главную страницу, после неё точка.
history-games-start-one = Начните новую в лобби
history-games-time-up = Время вышло
# Сколько времени осталось на текущий ход; $time, например, «2 дня 5 часов».
history-games-left = Осталось: { $time }
history-games-waiting-start = Ждём начала
history-games-waiting-players = Ждём игроков
history-games-your-turn = Ваш ход
# $name: соперник, чей сейчас ход.
history-games-waiting-for = Ждём хода: { $name }
history-games-waiting-others = Ждём хода соперников
# Игра и её вид: «Стокгольмские шашки (по бразильским правилам)».
history-games-game-mode = { $game } ({ $mode })
history-games-mode-brazilian = по бразильским правилам
history-games-mode-teams = командная игра
# $names: соперники через запятую; $count: сколько их.
history-games-against = { $count ->
    [one] соперник: { $names }
    [few] соперники: { $names }
   *[many] соперники: { $names }
}
history-games-no-opponent = соперника пока нет
# $seat: цвет вашего места («Белые»).
history-games-you-play = ваш цвет: { $seat }
history-games-play = Играть
history-games-open = Открыть
# Название кнопки, читается вслух: «Играть: Куэа».
history-games-play-label = Играть: { $game }
history-games-open-label = Открыть: { $game }

## Просмотр сохранённой партии (/history/<id>).

history-replay-title = Просмотр партии
# Заголовок страницы: «Стокгольмские шашки: Белые Аня, Чёрные Боря».
history-replay-heading = { $game }: { $players }
# Область доски, читается вслух.
history-replay-board = Доска
history-replay-missing = Такой партии нет.
history-replay-first = В начало
history-replay-previous = Назад
history-replay-next = Вперёд
history-replay-last = В конец
history-replay-flip = Перевернуть доску
history-replay-coordinates = Координаты
# Показанная позиция в виде строки текста, которую можно скопировать.
history-replay-position = Позиция
history-replay-position-string = Строка позиции
history-replay-copy = Копировать
# Перед цветами и именами игроков.
history-replay-players = Игроки:
# $changes: рейтинг каждого игрока до и после: «Аня 1500 → 1512 (+12)».
history-replay-rated-changes = Рейтинговая партия: { $changes }.
history-replay-rated = Рейтинговая партия.
# Партия, сохранённая до того, как результаты стали храниться полностью: «Белые: сдались».
history-replay-result-why = { $result }: { $reason }
# Места в «Неве»: «1. Аня; 2. Боря, Кира».
history-replay-finishing-order = Места: { $order }.
history-replay-download = Скачать
# Скачивание партии в виде читаемой записи (другой вариант — PDN или PGN4).
history-replay-record = Запись партии
history-replay-chat = Чат
history-replay-chat-players = Чат игроков
history-replay-chat-spectators = Чат зрителей
history-replay-moves = Ходы
# Счётчик над списком ходов.
history-replay-start = Начальная позиция
# $move: ход словами («Белые 21-17»).
history-replay-counter = Ход { $number } из { $total }: { $move }

## Компьютерный анализ под доской.

history-analysis-title = Компьютерный анализ
history-analysis-request = Запросить компьютерный анализ
# $error: что пошло не так, фраза от сервера.
history-analysis-failed = Анализ не удался: { $error }
history-analysis-progress = Анализ: { $done } из { $total ->
    [one] { $total } позиции
    [few] { $total } позиций
   *[many] { $total } позиций
}
# Под графиком. Оценка в простых шашках (не дамках); $nodes: сколько позиций движок
# просмотрел для каждой.
history-analysis-hint = Оценки даны в простых шашках, каждая — с точки зрения своей стороны; движок просчитал { $nodes ->
    [one] { $nodes } позицию
    [few] { $nodes } позиции
   *[many] { $nodes } позиций
} для каждой позиции партии. ?! — неточность, ? — ошибка, ?? — зевок.
# Заметка о ходе с пометкой: «f4-g5?? Зевок (-2,50).»; $loss: сколько он стоил в шашках.
history-analysis-mark = { $move } { $mark } ({ $loss }).
history-analysis-best = Лучше было { $move }.
# Ходы с пометками по каждой стороне: «Белые: 1 неточность, 0 ошибок, 2 зевка».
history-analysis-summary = { $seat }: { $inaccuracies ->
    [one] { $inaccuracies } неточность
    [few] { $inaccuracies } неточности
   *[many] { $inaccuracies } неточностей
}, { $mistakes ->
    [one] { $mistakes } ошибка
    [few] { $mistakes } ошибки
   *[many] { $mistakes } ошибок
}, { $blunders ->
    [one] { $blunders } зевок
    [few] { $blunders } зевка
   *[many] { $blunders } зевков
}
history-mark-inaccuracy = Неточность
history-mark-mistake = Ошибка
history-mark-blunder = Зевок
# Название графика, читается вслух.
history-evalgraph-neva = График оценки, по линии на каждое место; нажмите, чтобы перейти к ходу
history-evalgraph-label = График оценки за сторону «{ $seat }»; нажмите, чтобы перейти к ходу
# Точка хода с пометкой на графике: «5. f4-g5?? (Зевок); лучше h2-g3».
history-evalgraph-mark = { $number }. { $move } ({ $mark }); лучше { $best }
