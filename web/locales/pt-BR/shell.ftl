# A moldura de toda página: o cabeçalho, seus links, o nome e a entrada na conta, a troca
# de idioma e os avisos abaixo do cabeçalho.

shell-brand = Checkerhall
shell-nav-play = Jogar
shell-nav-history = Histórico
shell-nav-games = Suas partidas
shell-nav-leaderboard = Ranking
shell-nav-tournaments = Torneios
shell-nav-rules = Regras
shell-nav-admin = Admin
# O contador em "Suas partidas", lido em voz alta.
shell-games-waiting = { $count ->
    [one] { $count } partida espera a sua jogada
   *[other] { $count } partidas esperam a sua jogada
}

shell-me-change-name = Mudar seu nome
shell-me-name-label = Seu nome: { $name }. Mudar
shell-me-account = Sua conta
shell-me-sign-in = Entrar
shell-me-banned = Banido
shell-name-input = Seu nome
shell-name-save = Salvar

shell-language = Idioma
# Cada idioma pelo seu próprio nome, igual em todos os arquivos.
shell-language-en = English
shell-language-ru = Русский
shell-language-pt-BR = Português (Brasil)

shell-logged-out = Você saiu da sua conta neste aparelho.
shell-recovering = O servidor está se recuperando; suas jogadas até agora estão salvas.

shell-view-failed = Esta página não carregou
shell-view-failed-why = A conexão pode ter caído.
shell-try-again = Tentar de novo
shell-not-found = Página não encontrada
shell-back-to-lobby = Voltar ao saguão
