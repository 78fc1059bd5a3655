# Слова, общие для нескольких экранов: названия игр, места и их цвета, правила в описании
# комнаты одной строкой, итоги партий и их причины, часы, промежутки времени и счёт.

## Игры. Короткое название — то, каким его говорят игроки; полное — в заголовках правил,
## истории и комнаты.

common-game-short-neva = Нева
common-game-short-queah = Куэа
common-game-short-giveandtake = Отдай и возьми
common-game-short-stockholm = Стокгольм
common-game-name-neva = Невские шашки
common-game-name-queah = Куэа
common-game-name-giveandtake = Отдай и возьми
common-game-name-stockholm = Стокгольмские шашки

## Места называются по цвету шашек («Ход белых», «Аня (Красные)»).

common-seat-white = Белые
common-seat-red = Красные
common-seat-green = Зелёные
common-seat-black = Чёрные
# Четыре угла доски «Невы» названы по времени суток места, которое с них начинает.
common-corner-white = Утро
common-corner-red = День
common-corner-green = Вечер
common-corner-black = Ночь

## Игроки, у которых вместо имени — то, что они есть.

common-bot = Компьютер
common-bot-level = Компьютер уровня { $level }
# Бот, который делает случайный разрешённый ход.
common-bot-random = Случайный бот

## Почему партия кончилась или почему игрок выбыл (после итога: «Красные выиграли: время вышло»).

common-reason-captured-all = все шашки взяты
common-reason-blocked = нет ходов
common-reason-resigned = сдача
# Игрок ушёл посреди партии (это не то же самое, что сдаться).
common-reason-left = уход из партии
common-reason-time = время вышло
common-reason-agreement = ничья по согласию
common-reason-repetition = повторение позиции
# Партия кончилась после слишком многих ходов без взятий.
common-reason-no-progress = долго без взятий
common-reason-abandonment = соперник ушёл
# Турнирная партия, в которой игрок не сделал первый ход вовремя.
common-reason-no-show = неявка

## Комната одной строкой, как в списке на главной и в шапке комнаты:
## «Нева, 4 игрока, командная игра, 5+3, рейтинговая». Называются только правила,
## отличные от обычных, каждое в нескольких словах.

common-players = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}
common-rated = рейтинговая
common-casual = без рейтинга

common-opt-teams = командная игра
common-opt-blocked-pass = запертый игрок пропускает ход
common-opt-blocked-pass-unless-two = запертый игрок пропускает ход, пока не останутся двое
common-opt-blocked-eliminate = запертый игрок выбывает
common-opt-departed-inert = шашки ушедшего остаются
common-opt-departed-remove = шашки ушедшего снимаются
# Стокгольмские шашки без отложенного взятия назад — это бразильские шашки.
common-opt-brazilian = бразильские
common-opt-deferred-capture = отложенное взятие назад
common-opt-any-capture = можно бить любым путём
common-opt-longest-capture = бить большинство
common-opt-king-halt = дамка встаёт сразу за последней шашкой
common-opt-king-land-anywhere = дамка встаёт на любое поле после взятия
# Дополнительные линии на доске «Куэа».
common-opt-edge-lines = линии по краю
common-opt-centre-edge-lines = линии от центра к краям
common-opt-centre-lines = линии вокруг центра
common-opt-captures-compulsory = бить обязательно
common-opt-captures-optional = бить необязательно
# Когда взятые шашки «Куэа» возвращаются из запаса на доску («выставить»).
common-opt-drop-then-move = сначала выставить, потом ходить
common-opt-move-then-drop = сначала ходить, потом выставить
common-opt-drop-is-move = выставить вместо хода
common-opt-drop-any-time = выставлять когда угодно
common-opt-dropped-waits = выставленная шашка ждёт
common-opt-dropped-moves = выставленная шашка может ходить
common-opt-back-allowed = можно ходить назад
common-opt-no-back = нельзя ходить назад
# «Отдай и возьми»: шашку, которая только что сходила, нужно бить.
common-opt-hot-anywhere = бить сходившую шашку на любом прыжке
common-opt-hot-at-once = бить сходившую шашку первым прыжком
common-opt-hot-first-jump = сходившая шашка берётся первой
common-opt-hot-any-jump = сходившая шашка берётся любым прыжком
common-opt-last-man = последняя простая становится дамкой
common-opt-last-piece = последняя шашка становится дамкой
common-opt-removal-end = шашки снимаются после взятия
common-opt-removal-now = шашки снимаются сразу
common-opt-king-no-turn = дамка не разворачивается
common-opt-king-turn = дамка может развернуться
common-opt-king-land-free = дамка встаёт свободно
common-opt-king-land-jump = дамка встаёт так, чтобы бить дальше
common-opt-no-repetition = без ничьей за повторение
common-opt-repetition = { $count ->
    [one] конец после { $count } повторения
   *[other] конец после { $count } повторений
}
common-opt-no-quiet-limit = без предела ходов без взятий
# Ходы без взятий (а в некоторых играх и без хода простой).
common-opt-quiet-moves = { $count ->
    [one] конец после { $count } хода без взятий
   *[other] конец после { $count } ходов без взятий
}

## Часы и время.

common-clock-none = без часов
# Контроль времени: столько-то секунд на каждый ход.
common-clock-per-move = { $seconds } с на ход
# Игра по переписке: столько-то дней на каждый ход.
common-clock-days-a-move = { $count ->
    [one] { $count } день на ход
    [few] { $count } дня на ход
   *[many] { $count } дней на ход
}
# Часы, когда осталось больше суток: «2 д 05 ч».
common-clock-long = { $days } д { $hours } ч
common-speed-blitz = Блиц
common-speed-rapid = Рапид
common-speed-correspondence = По переписке

# Промежутки времени: «2 дня 5 часов», «3 часа 20 мин», «45 с».
common-days = { $count ->
    [one] { $count } день
    [few] { $count } дня
   *[many] { $count } дней
}
common-hours = { $count ->
    [one] { $count } час
    [few] { $count } часа
   *[many] { $count } часов
}
common-minutes = { $count } мин
common-seconds = { $count } с

## Кто сидит в комнате, которая ждёт игроков (список на главной).

common-room-full = Мест нет
common-waiting-for = { $count ->
    [one] Нужен ещё { $count } игрок
    [few] Нужны ещё { $count } игрока
   *[many] Нужно ещё { $count } игроков
}
# { $who } — одно имя или список имён; { $people } — сколько в нём имён.
common-wait-for = { $people ->
    [one] { $count ->
        [one] { $who } ждёт ещё { $count } игрока
       *[other] { $who } ждёт ещё { $count } игроков
    }
   *[other] { $count ->
        [one] { $who } ждут ещё { $count } игрока
       *[other] { $who } ждут ещё { $count } игроков
    }
}

## Настройки вида рядом с каждой доской.

common-settings-colours = Цвета
common-scheme-system = Как в системе
common-scheme-light = Светлые
common-scheme-dark = Тёмные
common-settings-board = Доска
common-board-wood = Дерево
common-board-sea = Море
common-board-moss = Мох
common-board-slate = Сланец
# Флажок: доски на странице показываются текстом для программы чтения с экрана.
common-settings-reader = Режим чтения с экрана
common-on = Вкл.
common-off = Выкл.

## Уведомление браузера, когда в партии ваш ход, а вы смотрите в другое место.

common-notice-your-move = Ваш ход
# «Куэа против Боба»; { $opponents } — список имён.
common-notice-against = { $game } против { $opponents }

# Объявление, когда на сервере файлы новее, чем у страницы, и перезагрузка не помогла.
common-outdated = На сервере вышла новая версия Checkerhall. Обновите страницу, чтобы играть.

## Когда связь с сервером подвела (показывается там, где было действие).

common-request-failed = Сервер ответил не так, как ожидалось; попробуйте ещё раз чуть позже.
common-connection-lost = Связь прервалась; попробуйте ещё раз, когда она вернётся.
common-not-connected = Связи ещё нет; попробуйте ещё раз чуть позже.
# Сервер отказал в действии, не объяснив почему.
common-refused = Сервер не разрешил это сделать.
