# The rules pages' own words: navigation, positions to try, games to step through.

learn-try-not-allowed = As regras não permitem esse lance aqui.
learn-try-quiet = Esse lance é permitido, mas não é uma captura; há um jeito de capturar { $most ->
    [one] uma peça
   *[other] { $most } peças
}.
learn-try-fewer = Esse lance é permitido, mas captura { $n ->
    [one] uma peça
   *[other] { $n } peças
}; há um jeito de capturar { $most ->
    [one] uma peça
   *[other] { $most } peças
}.
learn-try-other = Esse lance é permitido, mas não é o lance de que esta regra trata.

# Enquanto os módulos da página de regras carregam, e se não carregarem.
learn-loading = Carregando as regras…
learn-load-failed = Não foi possível carregar a página de regras. Recarregue a página para tentar de novo.

# O título da aba do navegador; `$game` é o nome do jogo.
learn-page-title = { $game }: regras · Checkerhall
learn-how-to-play = Como jogar { $game }
# Os links para as regras dos quatro jogos no alto da página, lidos em voz alta.
learn-games-nav = Regras de cada jogo
# O índice, lido em voz alta.
learn-toc = Nesta página
learn-play = Jogar uma partida
learn-no-game = Jogo não encontrado
learn-no-game-choose = Escolha um dos jogos acima para ler as regras.

learn-options = Opções de uma sala
learn-options-intro = Quem cria a sala pode mudar estas regras; a sala mostra com quais regras se joga nela.

# Antes da pergunta de uma posição para tentar.
learn-your-move = Seu lance:
learn-try-again = Tentar de novo
# Depois de uma resposta certa: a posição volta ao início para jogar mais uma vez.
learn-try-once-more = De novo

## Uma partida lance a lance: os botões, onde se está e como um lance se lê.

learn-step-first = Início
learn-step-back = Voltar
learn-step-forward = Avançar
learn-step-end = Fim
# Lido em voz alta no tabuleiro de uma partida; `$title` é o título da partida.
learn-step-keys = { $title }: use as setas do teclado para percorrer os lances
learn-step-count = Lance { $at } de { $total }
learn-step-start = A posição inicial.
# `$seat` é a cor de um jogador, nas Damas Neva com o seu canto: "Brancas (Manhã)".
learn-step-resigns = { $seat }: desistência.
# Um lance das Damas Neva: "Rodada 5, Brancas (Manhã): 35-45".
learn-step-round = Rodada { $round }, { $seat }: { $move }
# Um lance de um jogo para dois, numerado como no xadrez: "3. Brancas: b2-c3", "3... Pretas: d4-c3".
learn-step-white = { $number }. { $seat }: { $move }
learn-step-black = { $number }... { $seat }: { $move }
# Um jogador das Damas Neva como a página o chama: a cor e depois o canto, "Brancas (Manhã)".
learn-seat-corner = { $seat } ({ $corner })
