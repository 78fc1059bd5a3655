# Страница партии: ожидание игроков, сама игра, её конец.

## Кто где сидит

room-you = Вы
# «вы» внутри предложения: «Ваша команда победила (вы и Зелёные)!»
room-you-lower = вы
# Игрок за столом вместе с цветом: «Красные (Боб)». Цвет впереди, чтобы глагол всегда стоял во множественном числе.
room-seat-label = { $seat } ({ $name })
room-bot-random = Случайные ходы
room-bot-level = Компьютер, уровень { $level }
room-the-host = хозяин комнаты
room-free-seat = Свободное место
room-nobody = никого
# Командная игра в «Неве»: команды A и B, а не цвета.
room-team = Команда { $team }

## Почему игрок выбыл (после «выбыли:» и в «Вы выбыли: ...»)

room-out-captured-all = все шашки взяты
room-out-blocked = нет ходов
room-out-resigned = сдались
room-out-left = покинули партию
room-out-time = время вышло
room-out-abandonment = слишком долго отсутствовали

## Игрок выходит из партии, которая продолжается без него («Нева»)

room-departed-resigned = { $subject ->
    [you] Вы сдались.
   *[other] { $who } сдались.
}
room-departed-left = { $subject ->
    [you] Вы покинули партию.
   *[other] { $who } покинули партию.
}
room-departed-time = { $subject ->
    [you] Вы просрочили время.
   *[other] { $who } просрочили время.
}
room-departed-abandonment = { $subject ->
    [you] Вы слишком долго отсутствовали и выбыли.
   *[other] { $who } слишком долго отсутствовали и выбыли.
}
room-departed-other = { $subject ->
    [you] Вы выбыли ({ $reason }).
   *[other] { $who } выбыли ({ $reason }).
}

## Описание комнаты и очерёдность ходов

room-desc-private = { $description }, закрытая
room-order-clockwise = { $seats } (по часовой стрелке)
room-turn-order = Очерёдность ходов: { $order }.

## Ожидание игроков

room-waiting-for = { $count ->
    [one] Ждём ещё { $count } игрока.
    [few] Ждём ещё { $count } игроков.
   *[many] Ждём ещё { $count } игроков.
}
room-next-auto = Партия начнётся, когда все места будут заняты.
room-next-host = Вы начинаете партию (кнопка «Начать»), когда все места заняты.
room-next-other = Хозяин комнаты ({ $host }) начнёт партию, когда все места будут заняты.
room-next-take-seat = Займите свободное место, чтобы играть.
room-full-head = Все места заняты.
room-full-auto = Партия начинается.
room-full-host = Нажмите «Начать», чтобы начать партию.
room-full-other = Ждём, когда хозяин комнаты ({ $host }) начнёт партию.
room-full-watching = Мест больше нет: вы зритель.
room-seated = За доской: { $who }.
room-seated-nobody = Пока никто не сел.
room-watch = Смотреть партию
room-find-another = Найти другую партию

## Конец партии. $who: один игрок или список; $subject: «you» (только читатель), «one» (один другой), «many».

room-result-over = Партия окончена.
room-result-draw = Ничья.
room-result-you-won = Вы победили!
room-result-team-won = Ваша команда победила ({ $who })!
room-result-won = { $subject ->
    [one] Победа: { $who }.
   *[other] Победа: { $who }.
}
room-the-others = Остальные
room-how-captured-all = { $subject ->
    [you] У вас не осталось шашек.
   *[other] Шашек не осталось: { $who }.
}
room-how-blocked = { $subject ->
    [you] Вам некуда ходить.
   *[other] Некуда ходить: { $who }.
}
room-how-resigned = { $subject ->
    [you] Вы сдались.
   *[other] { $who } сдались.
}
room-how-left = { $subject ->
    [you] Вы покинули партию.
   *[other] { $who } покинули партию.
}
room-how-time = { $subject ->
    [you] Вы просрочили время.
   *[other] { $who } просрочили время.
}
room-how-abandonment = { $subject ->
    [you] Вы слишком долго отсутствовали, и партию засчитали сопернику.
   *[other] { $who } слишком долго отсутствовали, и партию засчитали сопернику.
}
room-how-other = { $who }: { $reason }.
room-drawn-agreement = Игроки согласились на ничью.
room-drawn-repetition = Позиция повторилась слишком много раз: ничья.
room-drawn-no-progress = Слишком много ходов без изменений: ничья.
room-drawn-abandonment = Соперники слишком долго отсутствовали, и партию засчитали как ничью.
room-drawn-other = Ничья: { $reason }.

## Прерванная партия или закрытая комната

room-abort-no-first-move = Партия прервана: { $who } не сделали первый ход вовремя. Никто не выиграл и не проиграл.
room-abort-server = Сервер закрыл эту партию. Никто не выиграл и не проиграл.
room-abort-unattended-game = Партия закрыта: в неё никто не играл. Она не засчитывается; никто не выиграл и не проиграл.
room-abort-unattended-room = Комната закрыта: в ней никого не было.
room-abort-early-resigned = { $subject ->
    [you] Партия прервана: вы сдались, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
   *[other] Партия прервана: { $who } сдались, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
}
room-abort-early-left = { $subject ->
    [you] Партия прервана: вы ушли, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
   *[other] Партия прервана: { $who } ушли, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
}
room-abort-early-time = { $subject ->
    [you] Партия прервана: вы просрочили время, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
   *[other] Партия прервана: { $who } просрочили время, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
}
room-abort-early-abandonment = { $subject ->
    [you] Партия прервана: вы слишком долго отсутствовали, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
   *[other] Партия прервана: { $who } слишком долго отсутствовали, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
}
room-abort-early-claimed = Партия прервана: её завершили, пока не все игроки сделали ход, поэтому она не засчитывается. Никто не выиграл и не проиграл.
room-abort-cancelled = Хозяин отменил эту комнату.
room-abort-by = { $subject ->
    [you] Вы прервали партию в самом начале. Никто не выиграл и не проиграл.
   *[other] { $who } прервали партию в самом начале. Никто не выиграл и не проиграл.
}
room-abort-plain = Партия прервана. Никто не выиграл и не проиграл.

## Заголовок комнаты и вкладки

room-heading = Комната
room-title-private = { $game } (закрытая)
room-tab = { $game } · Checkerhall
room-tab-your-turn = Ваш ход · { $game }
room-status-aborted = Партия прервана
room-status-over = Партия окончена
room-status-your-turn = Ваш ход
# Строка состояния: «Ход: Красные (Боб)».
room-status-to-move = Ход: { $seat } ({ $name })
# Ссылка на турнир, к которому относится партия.
room-event = ← { $name }
room-event-round = ← { $name }, тур { $round }
# Задержка соединения рядом со строкой состояния.
room-lag = задержка { $ms } мс

## Места

room-players = Игроки
# Перед именем игрока в строке места: «Белые: Боб».
room-seat-name = { $seat }:
room-seat-you = (вы)
room-rating = рейтинг
room-rating-provisional = рейтинг (предварительный)
room-presence-online = в сети
room-presence-away = нет на месте
room-presence-connected = на связи
room-your-partner = ваш партнёр
room-partner = партнёр: { $seat }
room-first-to-move = ходили первыми
room-to-move = сейчас ходят
room-seat-out = выбыли: { $reason }
room-sit-here = Сесть сюда
room-move-here = Пересесть сюда
room-bot-level-for = Уровень компьютера ({ $seat })
room-level = Уровень { $level }
room-add-bot = Добавить компьютер
room-remove-bot = Убрать компьютер

## Действия под местами

room-join = Присоединиться
room-leave-seat = Встать из-за доски
room-start = Начать
room-cancel-room = Отменить комнату
room-take-back = Вернуть ход
room-accept-takeback = Разрешить вернуть ход
room-decline-takeback = Не разрешать
room-withdraw-takeback = Отозвать просьбу
room-offer-draw = Предложить ничью
room-accept-draw = Согласиться на ничью
room-decline-draw = Отклонить ничью
room-withdraw-draw = Отозвать предложение ничьей
room-resign = Сдаться
room-resign-confirm = Сдать партию?
# Кнопка, которую надо нажать второй раз: «Сдать партию? Нажмите ещё раз».
room-confirm-again = { $question } Нажмите ещё раз
room-abort = Прервать
room-claim-victory = Забрать победу
room-claim-draw = Зафиксировать ничью
room-claim-countdown = Соперники отсутствуют: завершить партию можно через { $seconds } с
room-show-result = Показать итог
# Просьба вернуть ход: $after — сколько ходов после своего вернутся вместе с ним.
room-takeback-request = { $after ->
    [0] { $seat } просят вернуть свой последний ход.
    [one] { $seat } просят вернуть свой последний ход и { $after } ход после него.
    [few] { $seat } просят вернуть свой последний ход и { $after } хода после него.
   *[many] { $seat } просят вернуть свой последний ход и { $after } ходов после него.
}
room-waiting-for-seats = Ждём ответа: { $seats }.
room-draw-offered-by = Ничью предлагают: { $seats }.
room-draw-accepted-by = Согласились: { $seats }.

## Доска и инструменты

room-board = Доска
room-side = Игроки и действия
room-move-placeholder = Ход, например c3-d4
room-move-placeholder-neva = Ход, например 25-24 (поля двумя цифрами)
room-move-placeholder-queah = Ход, например b2-c3 или @e5,d2-e3 после взятия
room-move-input = Введите ход
room-move-submit = Сходить
room-flip = Перевернуть доску
room-flip-title = Перевернуть доску (клавиша F)
room-coords = Координаты
room-sound-on = Звук вкл.
room-sound-off = Звук выкл.
room-rules-link = Правила этой игры
# «Куа»: шашка выставлена из запаса; тот же ход продолжается ходом шашки.
room-drop-hint = Шашка выставлена на { $square }: теперь сходите шашкой, чтобы закончить ход.
# Шашка вслух: «шашка (Белые)», «дамка (Красные)».
room-piece-man = шашка ({ $seat })
room-piece-king = дамка ({ $seat })
room-piece-partner = { $piece } — партнёра
# Поле вслух: «c3: шашка (Белые)», «d4: пусто, можно сходить».
room-square = { $square }: { $piece }
room-square-target = { $square }: { $piece }, можно сходить
room-square-empty = пусто
room-reserve = { $count ->
    [one] Запас ({ $seat }): { $count } шашка
    [few] Запас ({ $seat }): { $count } шашки
   *[many] Запас ({ $seat }): { $count } шашек
}
room-reserve-mine = { $count ->
    [one] Запас ({ $seat }): { $count } шашка, можно выставить
    [few] Запас ({ $seat }): { $count } шашки, можно выставить
   *[many] Запас ({ $seat }): { $count } шашек, можно выставить
}

## Предход: ход, выбранный, пока ходит другой игрок; делается, когда наступает ваш ход

room-premove-route = { $from } на { $to }
room-premove-queued = Предход { $move }: будет сделан, когда наступит ваш ход. Нажмите на доску, чтобы отменить.
room-premove-cancelled = Предход отменён.
room-premove-ambiguous = Предход { $move } отменён: туда ведёт больше одного взятия, выберите сами.
room-premove-illegal = Предход { $move } отменён: сейчас так ходить нельзя.

## Объявления: над доской и для экранного диктора

room-started-you-first = Партия началась. Вы ходите первыми.
room-started-you-drawn = Партия началась. По жребию вы ходите первыми.
room-started-first = Партия началась. Первыми ходят { $who }.
room-started-drawn = Партия началась. По жребию первыми ходят { $who }.
room-out-you = Вы выбыли: { $reason }.
room-out-other = { $who } выбыли: { $reason }.
room-draw-you-offered = Вы предложили ничью.
room-draw-offers = { $who } предлагают ничью.
room-draw-accepted = { $who }: согласие на ничью.
room-draw-declined = { $who }: ничья отклонена.
room-draw-withdrawn = Предложение ничьей отозвано.
room-draw-lapsed = Предложение ничьей истекло.
room-takeback-you-asked = Вы попросили вернуть свой последний ход.
room-takeback-asks = { $who } просят вернуть свой последний ход.
room-takeback-you-agreed = Вы разрешили вернуть ход.
room-takeback-agreed = { $who }: возврат хода разрешён.
room-takeback-you-declined = Вы не разрешили вернуть ход.
room-takeback-declined = { $who }: возврат хода не разрешён.
room-takeback-withdrawn = Просьба вернуть ход отозвана.
room-takeback-lapsed = Просьба вернуть ход истекла.
# $after: сколько ходов после хода читателя вернулось вместе с ним.
room-took-back-yours = { $after ->
    [0] Ваш последний ход отменён. Снова ваш ход.
    [one] Ваш последний ход отменён вместе с { $after } ходом после него. Снова ваш ход.
   *[other] Ваш последний ход отменён вместе с { $after } ходами после него. Снова ваш ход.
}
room-took-back = { $who }: последний ход отменён.
room-clock-low = У вас заканчивается время.
# Сервер перезапускался во время партии; $down и $given — длительности («45 с», «3 мин 5 с»).
room-resumed = Сервер не работал { $down }. Время за это ни у кого не списано.
room-resumed-given-back = Сервер не работал { $down }. Игроку, чей был ход, вернули { $given }: время за это ни у кого не списано.
room-seconds = { $seconds } с
room-minutes-seconds = { $minutes } мин { $seconds } с
room-already-started = Партия уже началась: вы смотрите её как зритель.
room-not-connected = Соединение с комнатой ещё не установлено.

## Реванш: в окне итога и в объявлениях

room-rematch-you-declined = Вы отказались от реванша.
room-rematch-declined = { $who }: реванш отклонён.
room-rematch-expired = Предложение реванша истекло: никто не ответил вовремя.
room-rematch-asks = { $who } предлагают реванш.
# $subject: «one», если реванш предложил один другой игрок, иначе «other».
room-rematch-asked = { $subject ->
    [one] { $who } предлагают реванш.
   *[other] Реванш предложили: { $who }.
}
room-rematch-asked-waiting = { $subject ->
    [one] { $who } предлагают реванш; ждём ответа: { $waiting }.
   *[other] Реванш предложили: { $who }; ждём ответа: { $waiting }.
}
room-rematch-lapses = Предложение истечёт через { $seconds } с.

## Окно итога партии

room-result-close = Закрыть и посмотреть на доску
room-result-aborted = Партия прервана.
# «Нева»: места с первого по последнее.
room-finishing-order = Итоговые места
room-rematch = Реванш
room-rematch-sent = Реванш предложен
room-rematch-accept = Принять реванш
room-rematch-decline = Отказаться
room-rematch-watch = Смотреть реванш
room-new-opponent = Новый соперник
# Открывает законченную партию в разборе, с анализом компьютера.
room-analyse = Анализ
room-back = Назад

## Соединение: в полосе под заголовком

room-reconnecting = Соединение потеряно. Подключаемся снова…
room-paused = Пауза, пока вас не было. Нажмите в любом месте или любую клавишу, чтобы подключиться.
room-banned = Вам закрыт доступ к этому серверу.
room-restarting = Сервер перезапускается. Подключаемся снова…

## Адрес комнаты, которой сервер не знает

room-dead-title = Такой комнаты нет
room-dead-why = По этому адресу комнаты нет: возможно, в ссылке опечатка или комнату давно закрыли.
room-dead-kept = Сыгранная здесь партия ({ $game }) сохранена: её можно посмотреть.
room-dead-replay = Посмотреть партию

## Приглашение в комнату ожидания

room-invite-label = Приглашение:
room-invite-link = Ссылка-приглашение
room-invite-copy = Скопировать ссылку
room-invite-copied = Скопировано
# Браузер не дал странице скопировать: ссылка выделена, скопируйте её сами.
room-invite-press-copy = Нажмите Ctrl+C
room-invite-ask-host = Закрытая комната: попросите ссылку у хозяина.

## Список ходов

room-moves = Ходы
room-viewing = Позиция после хода { $move }.
room-back-to-game = Вернуться к партии
# Кнопка хода вслух: «Ход 3: Белые c3-d4».
room-move-label = Ход { $number }: { $ply }
room-ply = { $seat } { $move }
room-ply-resigned = { $seat } сдались
room-ply-left = { $seat } покинули партию
room-ply-timeout = { $seat } просрочили время
# Выход игрока из партии, как он виден в списке среди ходов.
room-ply-short-resigned = сдались
room-ply-short-left = ушли
room-ply-short-timeout = время

## Чат

room-chat = Чат
room-chat-players = Чат игроков
room-chat-spectators = Чат зрителей
room-chat-input = Сообщение в чат
room-chat-placeholder-players = Написать игрокам
room-chat-placeholder-spectators = Написать другим зрителям
room-chat-send = Отправить
room-chat-not-sent = Сообщение не отправлено.
room-chat-empty = Сообщений пока нет.
# Строка, чей автор уже неизвестен.
room-chat-someone = Кто-то
# После имени автора: за кого он играет.
room-chat-seat = ({ $seat })
room-chat-hidden = { $count ->
    [one] Скрыто { $count } сообщение от заглушённых игроков.
    [few] Скрыто { $count } сообщения от заглушённых игроков.
   *[many] Скрыто { $count } сообщений от заглушённых игроков.
}
room-mute = Заглушить
room-mute-title = Скрыть сообщения игрока { $name } в этом браузере
room-unmute = Снова показывать: { $name }
# Сколько человек смотрят партию, рядом с заголовком чата.
room-watchers = { $count ->
    [one] { $count } зритель
    [few] { $count } зрителя
   *[many] { $count } зрителей
}

## Часы рядом с доской

room-clock-label = Часы: { $seat }
# До первого хода часы игрока не идут.
room-clock-yours-waits = ваши часы пойдут после вашего первого хода
room-clock-waits = часы пойдут после первого хода
# $within: сколько осталось на первый ход («45 с», «2 часа»).
room-clock-first-move-yours = Ваш первый ход — в течение { $within }
room-clock-first-move = первый ход — в течение { $within }

## Турниры списком: на главной странице и на странице турниров

room-events-title = Турниры
room-events-all = Все турниры
# $when: день и время, «пт, 3 мая, 19:00».
room-events-starts = начало { $when }
room-events-rated = на рейтинг
room-events-casual = без рейтинга
room-events-players = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}
