# Страница «нет сети» (web/offline.html): её показывает сервис-воркер, когда странице нужен
# сервер, а сети нет. Читается из кэша браузера, сама по себе.

offline-page-title = Нет сети — Checkerhall
offline-title = Нет подключения к сети
offline-why = Checkerhall сейчас не может связаться со своим сервером, поэтому эта страница недоступна.
offline-works = Что работает без сети
offline-rules = Правила всех игр, с уроками и упражнениями:
offline-game-neva = Невские шашки
offline-game-queah = Куэа
offline-game-giveandtake = Отдай и возьми
offline-game-stockholm = Стокгольмские шашки
offline-needs = Что требует сети
offline-needs-what = Игра и просмотр партий, лобби, ваши партии, история, турниры, рейтинг и учётная запись. Всё это вернётся, как только появится связь.
offline-try-again = Попробовать снова
