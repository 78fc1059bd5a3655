# Список турниров (/tournaments), страница турнира (/tournament/<id>) и слова о турнирах,
# которые показывают и другие страницы (блок на главной, страница игрока): формат,
# состояние, обратный отсчёт.

## Список и форма создания

tournaments-title = Турниры
tournaments-intro = Зарегистрируйтесь на турнир до его начала. Пока страница турнира открыта, каждая ваша партия по жеребьёвке открывается сама, а таблица обновляется после каждого результата.
tournaments-loading = Загрузка…
tournaments-list-failed = Не удалось загрузить турниры: { $error }
tournaments-none = Турниров пока нет: ни запланированных, ни идущих, ни сыгранных.
tournaments-group-upcoming = Идёт регистрация
tournaments-group-upcoming-empty = Пока ничего не запланировано.
tournaments-group-running = Идут сейчас
tournaments-group-running-empty = Сейчас ни одного.
tournaments-group-finished = Завершённые
tournaments-group-finished-empty = Пока ни одного.

# Кто может создавать турниры на этом сервере: одна из трёх фраз, затем одна из следующих трёх.
tournaments-creators-anyone = Создать турнир на этом сервере может любой, даже гость.
tournaments-creators-members = Создать турнир на этом сервере может любой, у кого есть учётная запись.
tournaments-creators-admins = На этом сервере турниры создают только администраторы.
tournaments-creators-yours = Ваш турнир создаётся в форме ниже.
tournaments-creators-sign-in = Войдите, чтобы создать турнир.
tournaments-creators-ask = Если хотите турнир, попросите администратора.

tournaments-create = Создать турнир
tournaments-field-name = Название
tournaments-field-game = Игра
tournaments-field-format = Система
tournaments-field-rounds = Число туров
tournaments-field-minutes = Минут
tournaments-field-clock = Контроль времени
tournaments-field-starts = Начало
tournaments-field-no-show = Неявка через
tournaments-field-no-show-help = Игрок, не сделавший первый ход за это время после того, как до него дошла очередь, получает в этой партии поражение за неявку.
tournaments-field-max = Максимум игроков
tournaments-field-rated = На рейтинг (партии меняют рейтинг)
# Подсказка в пустом поле «Максимум игроков».
tournaments-no-limit = без ограничений
tournaments-create-button = Создать турнир

# Турнирные системы в списке формы.
tournaments-system-swiss = Швейцарская система
tournaments-system-round-robin = Круговая система
tournaments-system-arena = Арена
tournaments-system-neva-tables = Столы Невы

tournaments-clock-fischer = Минуты + добавка
tournaments-clock-per-move = Секунд на ход
tournaments-clock-base = Минут каждому
tournaments-clock-increment = Добавка в секундах
# Единицы после полей контроля времени: «5 мин + 3 с».
tournaments-unit-min = мин
tournaments-unit-s = с

# Проверка формы перед отправкой.
tournaments-check-name = Дайте турниру название.
tournaments-check-start = Укажите время начала.
tournaments-check-past = Время начала уже прошло.
tournaments-check-rounds = Укажите число туров.
tournaments-check-minutes = Укажите, сколько минут длится арена.

## Формат в нескольких словах: «Швейцарская система, 5 туров»

tournaments-format-swiss = { $rounds ->
    [one] Швейцарская система, { $rounds } тур
    [few] Швейцарская система, { $rounds } тура
   *[many] Швейцарская система, { $rounds } туров
}
tournaments-format-round-robin = Круговая система
tournaments-format-arena = { $minutes ->
    [one] Арена, { $minutes } минута
    [few] Арена, { $minutes } минуты
   *[many] Арена, { $minutes } минут
}
tournaments-format-neva = { $rounds ->
    [one] Столы Невы, { $rounds } тур
    [few] Столы Невы, { $rounds } тура
   *[many] Столы Невы, { $rounds } туров
}
tournaments-format-neva-teams = { $rounds ->
    [one] Командные столы Невы, { $rounds } тур
    [few] Командные столы Невы, { $rounds } тура
   *[many] Командные столы Невы, { $rounds } туров
}
# Формат, который эта страница ещё не знает.
tournaments-format-other = Турнир

## Как устроен каждый формат, по абзацу (блок «Как это устроено» на странице турнира и
## под выбором системы в форме)

tournaments-rules-swiss-pairing = В каждом туре игроки встречаются с соперником с тем же числом очков или как можно более близким. С одним и тем же соперником дважды не играют, а белыми и чёрными каждый играет по очереди, насколько это возможно.
tournaments-rules-swiss-points = Победа приносит 1 очко, ничья ½, поражение 0. При нечётном числе игроков один игрок в каждом туре пропускает игру и получает за это 1 очко; никто не пропускает дважды, пока может пропустить кто-то другой.
tournaments-rules-swiss-tiebreaks = При равенстве очков выше тот, у чьих соперников больше очков в сумме (коэффициент Бухгольца), затем тот, у кого больше сумма очков побеждённых соперников плюс половина очков тех, с кем сыграна ничья (коэффициент Зоннеборна — Бергера). Пропущенный тур считается в вашем Бухгольце партией с соперником с тем же числом очков, что у вас; тур, пропущенный соперником, считается в его коэффициенте ничьей.
tournaments-rules-round-robin-pairing = Каждый играет с каждым по одному разу, в порядке туров, определённом жеребьёвкой в начале; белые и чёрные делятся поровну. При нечётном числе игроков один игрок в каждом туре пропускает игру и получает за это 1 очко.
tournaments-rules-round-robin-points = Победа приносит 1 очко, ничья ½, поражение 0. Равенство очков разрешается, как в швейцарской системе: сначала по очкам соперников (Бухгольц), затем по очкам побеждённых плюс половине очков тех, с кем сыграна ничья (Зоннеборн — Бергер).
tournaments-rules-arena-pairing = { $minutes ->
    [one] Сыграйте как можно больше партий за { $minutes } минуту. Как только партия закончилась, вы сразу получаете нового соперника из ожидающих, близкого к вам по очкам, и не того же, что в прошлый раз, если ждёт кто-то ещё.
    [few] Сыграйте как можно больше партий за { $minutes } минуты. Как только партия закончилась, вы сразу получаете нового соперника из ожидающих, близкого к вам по очкам, и не того же, что в прошлый раз, если ждёт кто-то ещё.
   *[many] Сыграйте как можно больше партий за { $minutes } минут. Как только партия закончилась, вы сразу получаете нового соперника из ожидающих, близкого к вам по очкам, и не того же, что в прошлый раз, если ждёт кто-то ещё.
}
tournaments-rules-arena-points = Победа приносит 2 очка, ничья 1, поражение 0. После двух побед подряд начинается серия: каждая следующая победа приносит 4 очка, а ничья 2, пока вы не сыграете партию без победы.
tournaments-rules-arena-end = Партии, которые ещё идут, когда время вышло, доигрываются и засчитываются. При равенстве очков выше тот, кто сыграл меньше партий.
tournaments-rules-neva-pairing = В каждом туре игроки садятся за столы по четыре (по три, если число игроков не делится на четыре), по числу очков, чтобы лидеры встречались друг с другом, и по возможности не с теми, с кем уже сидели за одним столом.
tournaments-rules-neva-teams-pairing = Партнёры играют командой из двух человек, сидя друг напротив друга (белые и зелёные против красных и чёрных), и остаются вместе весь турнир. Игроки, назвавшие друг друга, играют вместе; остальных объединяют в команды по рейтингу. В каждом туре команды встречаются с командами с близким числом очков.
tournaments-rules-neva-seats = Места за столом меняются от тура к туру, так что первый ход делает каждый по очереди.
tournaments-rules-neva-points = Очки зависят от занятого за столом места: за столом на четверых 3, 2, 1 и 0; за столом на троих 3, 1½ и 0. Игроки, финишировавшие вровень, делят очки своих мест. Пропуск тура приносит 1½ очка.
tournaments-rules-neva-teams-points = Побеждает команда, чей лучший игрок финишировал выше: оба партнёра получают по 3 очка; при ничьей каждый получает 1½. Команда, пропускающая тур, получает по 1½ очка на каждого.
tournaments-rules-neva-tiebreaks = При равенстве очков выше тот, у чьих соперников по столам больше очков, затем тот, у кого больше побед.
tournaments-rules-no-show = { $seconds ->
    [one] Если вы не сделали первый ход через { $seconds } секунду после того, как до вас дошла очередь, вам засчитывается поражение в этой партии за неявку; турнир для вас продолжается.
    [few] Если вы не сделали первый ход через { $seconds } секунды после того, как до вас дошла очередь, вам засчитывается поражение в этой партии за неявку; турнир для вас продолжается.
   *[many] Если вы не сделали первый ход через { $seconds } секунд после того, как до вас дошла очередь, вам засчитывается поражение в этой партии за неявку; турнир для вас продолжается.
}
tournaments-rules-rated = Партии на рейтинг: они меняют ваш рейтинг, как любая рейтинговая партия.
tournaments-rules-casual = Партии без рейтинга: рейтинг не меняется.

## Состояние и обратный отсчёт

tournaments-state-registering = Идёт регистрация
tournaments-state-running = Идёт
tournaments-state-finished = Завершён
tournaments-state-round = Тур { $round }
tournaments-state-round-of = Тур { $round } из { $rounds }
# До начала: «Начало через 4:07», «Начало через 2 дня 3 ч».
tournaments-starts-in = Начало через { $time }
tournaments-starting = Начинается…
tournaments-countdown-now = сейчас
tournaments-countdown-days = { $days ->
    [one] { $days } день { $hours } ч
    [few] { $days } дня { $hours } ч
   *[many] { $days } дней { $hours } ч
}

## Страница турнира

tournaments-all = ← Все турниры
# Заголовок страницы, пока турнир не загрузился.
tournaments-tournament = Турнир
tournaments-rated = на рейтинг
tournaments-casual = без рейтинга
tournaments-cancelled = Этот турнир отменён.
tournaments-see-others = Посмотреть другие турниры
tournaments-not-found = Такого турнира нет
tournaments-not-found-why = Возможно, его удалили или адрес неверный.
tournaments-failed = Турнир не загрузился
tournaments-your-game = Ваша партия идёт:
tournaments-go-to-table = К вашему столу

tournaments-for-accounts = Турниры только для игроков с учётной записью.
tournaments-sign-in-to-register = Войдите или создайте учётную запись, чтобы зарегистрироваться.
tournaments-registered = Вы зарегистрированы.
tournaments-playing = Вы играете.
tournaments-leave = Отменить регистрацию
tournaments-withdraw = Выйти из турнира
tournaments-register = Зарегистрироваться
# Для игрока, который ушёл до начала и может зарегистрироваться снова.
tournaments-rejoin = Зарегистрироваться снова
tournaments-closed = Регистрация закрылась с началом турнира.
# Командный турнир: имя пользователя партнёра.
tournaments-partner = Партнёр
tournaments-partner-placeholder = имя пользователя
tournaments-partner-help = Командный турнир: укажите партнёра (его имя пользователя); он тоже регистрируется и указывает вас.

tournaments-organise = Организация
tournaments-organise-help = Это ваш турнир: до начала вы можете его изменить, добавить компьютерных игроков, начать раньше срока или отменить.
tournaments-start-now = Начать сейчас
tournaments-cancel = Отменить турнир
tournaments-cancel-confirm = Отменить этот турнир? Все регистрации будут удалены.
tournaments-bots = Компьютерные игроки
tournaments-bot-level-label = Уровень компьютера
tournaments-bot-level = Уровень { $level }
tournaments-bot-count = Сколько
tournaments-add-bots = Добавить
tournaments-change = Изменить турнир
tournaments-save = Сохранить изменения
tournaments-saved = Сохранено.

tournaments-players = Игроки ({ $count })
tournaments-nobody = Пока никто не зарегистрировался.
# После имени участника в командном турнире.
tournaments-with-partner = в паре с { $partner }
tournaments-a-partner = партнёром
tournaments-withdrawn = (выбыл)
tournaments-how = Как это устроено
tournaments-download-standings = Таблица (CSV)
tournaments-download-games = Все партии (PDN)

tournaments-standings = Турнирная таблица
tournaments-final-standings = Итоговая таблица
tournaments-standings-later = Таблица появится, когда начнётся первый тур.
tournaments-no-results = Результатов пока нет.
# Заголовки столбцов таблицы.
tournaments-col-rank = №
tournaments-col-player = Игрок
tournaments-col-points = Очки
tournaments-col-games = Партии
tournaments-col-games-title = Сыграно партий
tournaments-col-wdl = В-Н-П
tournaments-col-wdl-title = Выигрыши, ничьи, проигрыши
# Столбцы дополнительных показателей, коротко.
tournaments-tiebreak-buchholz = Бухгольц
tournaments-tiebreak-sonneborn-berger = З-Б
tournaments-tiebreak-opponents-points = Очки соп.
tournaments-tiebreak-wins = Победы

tournaments-rounds = Туры
# На арене нет туров: вместо них список партий.
tournaments-games = Партии
tournaments-no-games = Партий пока нет.
tournaments-round = Тур { $round }
tournaments-sitting-out = Пропуск тура:
tournaments-table-playing = Идёт игра
# Ссылка на комнату сыгранной партии и на идущую партию.
tournaments-table-game = Партия
tournaments-table-watch = Смотреть
# Результат партии за столом. $names: одно или несколько имён, $count: сколько их.
tournaments-result-draw = Ничья
tournaments-result-won = { $count ->
    [one] Победа: { $names }
   *[other] Победили: { $names }
}
tournaments-result-no-show = { $count ->
    [one] Неявка: { $names }
   *[other] Неявка: { $names }
}
# Игрок, чьё имя неизвестно.
tournaments-someone = кто-то
