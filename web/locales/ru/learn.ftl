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
