# Partidas terminadas: o histórico (/history), "Suas partidas" (/games) e a revisão de uma
# partida salva (/history/<id>) com a análise do computador.

## O resultado de uma partida salva, no histórico e na página de um jogador.
## $names: os vencedores em lista ("Ana e Beto"); $count: quantos são;
## $reason: por que a partida terminou, em palavras.

history-result-won = { $count ->
    [one] { $names } venceu
   *[other] { $names } venceram
}
history-result-won-why = { $count ->
    [one] { $names } venceu, { $reason }
   *[other] { $names } venceram, { $reason }
}
history-result-draw = Empate
history-result-draw-why = Empate, { $reason }
history-result-unfinished = Não terminada
history-result-unfinished-why = Não terminada, { $reason }

## O histórico: filtros, tabela e páginas.

history-title = Histórico de partidas
history-filter-mine = Só as minhas partidas
history-filter-game = Jogo
history-filter-all-games = Todos os jogos
history-filter-result = Resultado
history-filter-any-result = Qualquer resultado
# Partidas que alguém venceu (sem empate).
history-filter-decisive = Com vencedor
history-filter-draw = Empates
history-filter-wins = Minhas vitórias
history-filter-losses = Minhas derrotas
history-filter-from = De
history-filter-to = Até
history-filter-submit = Filtrar
history-no-more = Não há mais partidas.
history-none-match = Nenhuma partida encontrada.
history-col-date = Data
history-col-game = Jogo
history-col-players = Jogadores
history-col-result = Resultado
# O link de uma partida da lista para a sua revisão.
history-replay-link = Rever
# A dica do link de download (PDN e PGN4 são formatos de arquivo, não se traduzem).
history-download-pdn = Baixar a partida (PDN)
history-download-pgn4 = Baixar a partida (texto no estilo PGN4)
# A lista de páginas, lida em voz alta.
history-pages = Páginas
history-page-newer = Mais recentes
history-page-older = Mais antigas
# Quais partidas da lista aparecem: "Partidas 21 a 40".
history-page-where = Partidas { $from } a { $to }

## Suas partidas (/games): toda partida em que você joga e que ainda não terminou.

history-games-title = Suas partidas
history-games-help = Todas as partidas em que você joga e que ainda não terminaram; as que esperam o seu lance vêm primeiro.
# $error: o que deu errado, uma frase do servidor.
history-games-load-failed = Não foi possível carregar suas partidas: { $error }
history-games-none = Nenhuma partida em andamento.
# Um link para a página inicial, seguido de um ponto final.
history-games-start-one = Comece uma no saguão
history-games-time-up = O tempo acabou
# O tempo que resta para o lance em curso; $time é, por exemplo, "2 dias 5 horas".
history-games-left = Tempo restante: { $time }
history-games-waiting-start = Aguardando o início
history-games-waiting-players = Aguardando jogadores
history-games-your-turn = Sua vez
# $name: o adversário que deve jogar.
history-games-waiting-for = Aguardando { $name }
history-games-waiting-others = Aguardando os outros
# Um jogo e a sua modalidade: "Damas de Estocolmo (regras brasileiras)".
history-games-game-mode = { $game } ({ $mode })
history-games-mode-brazilian = regras brasileiras
history-games-mode-teams = em duplas
# $names: os adversários, separados por vírgula; $count: quantos são.
history-games-against = { $count ->
    [one] contra { $names }
   *[other] contra { $names }
}
history-games-no-opponent = ainda sem adversário
# $seat: a cor do seu lugar ("Brancas").
history-games-you-play = sua cor: { $seat }
history-games-play = Jogar
history-games-open = Abrir
# O nome do botão, lido em voz alta: "Jogar: Queah".
history-games-play-label = Jogar: { $game }
history-games-open-label = Abrir: { $game }

## A revisão de uma partida salva (/history/<id>).

history-replay-title = Revisão da partida
# O título da página: "Damas de Estocolmo: Brancas Ana, Pretas Beto".
history-replay-heading = { $game }: { $players }
# A área do tabuleiro, lida em voz alta.
history-replay-board = Tabuleiro
history-replay-missing = Essa partida não existe.
history-replay-first = Início
history-replay-previous = Anterior
history-replay-next = Próximo
history-replay-last = Fim
history-replay-flip = Girar o tabuleiro
history-replay-coordinates = Coordenadas
# A posição mostrada, como um texto que o jogador pode copiar.
history-replay-position = Posição
history-replay-position-string = Texto da posição
history-replay-copy = Copiar
# Antes das cores e nomes dos jogadores.
history-replay-players = Jogadores:
# $changes: o rating de cada jogador antes e depois: "Ana 1500 → 1512 (+12)".
history-replay-rated-changes = Partida valendo rating: { $changes }.
history-replay-rated = Partida valendo rating.
# Uma partida salva antes de os resultados serem guardados por inteiro: "Brancas: desistiu".
history-replay-result-why = { $result }: { $reason }
# As colocações na Neva: "1. Ana; 2. Beto, Caio".
history-replay-finishing-order = Ordem de chegada: { $order }.
history-replay-download = Baixar
# O download da partida como súmula legível (o outro é PDN ou PGN4).
history-replay-record = Súmula da partida
history-replay-chat = Chat
history-replay-chat-players = Chat dos jogadores
history-replay-chat-spectators = Chat dos espectadores
history-replay-moves = Lances
# O contador acima da lista de lances.
history-replay-start = Posição inicial
# $move: o lance em palavras ("Brancas 21-17").
history-replay-counter = Lance { $number } de { $total }: { $move }

## A análise do computador, abaixo do tabuleiro.

history-analysis-title = Análise do computador
history-analysis-request = Pedir a análise do computador
# $error: o que deu errado, uma frase do servidor.
history-analysis-failed = A análise falhou: { $error }
history-analysis-progress = Analisando: { $done } de { $total ->
    [one] { $total } posição
   *[other] { $total } posições
}
# Abaixo do gráfico. A avaliação é em pedras (não damas); $nodes: quantas posições o motor
# examinou para cada uma.
history-analysis-hint = Avaliações em pedras, cada uma do ponto de vista daquele lado; o motor examinou { $nodes ->
    [one] { $nodes } posição
   *[other] { $nodes } posições
} para cada posição da partida. ?! imprecisão, ? erro, ?? erro grave.
# A nota de um lance marcado: "f4-g5?? Erro grave (-2,50)."; $loss: quanto ele custou, em pedras.
history-analysis-mark = { $move } { $mark } ({ $loss }).
history-analysis-best = O melhor era { $move }.
# Os lances marcados de cada lado: "Brancas: 1 imprecisão, 0 erros, 2 erros graves".
# (Em português o zero conta como "one" nas regras de plural; aqui ele leva o plural.)
history-analysis-summary = { $seat }: { $inaccuracies ->
    [0] 0 imprecisões
    [one] { $inaccuracies } imprecisão
   *[other] { $inaccuracies } imprecisões
}, { $mistakes ->
    [0] 0 erros
    [one] { $mistakes } erro
   *[other] { $mistakes } erros
}, { $blunders ->
    [0] 0 erros graves
    [one] { $blunders } erro grave
   *[other] { $blunders } erros graves
}
history-mark-inaccuracy = Imprecisão
history-mark-mistake = Erro
history-mark-blunder = Erro grave
# O nome do gráfico, lido em voz alta.
history-evalgraph-neva = Gráfico de avaliação, uma linha por lugar; clique para ir a um lance
history-evalgraph-label = Gráfico de avaliação do ponto de vista de { $seat }; clique para ir a um lance
# O ponto de um lance marcado no gráfico: "5. f4-g5?? (Erro grave); melhor: h2-g3".
history-evalgraph-mark = { $number }. { $move } ({ $mark }); melhor: { $best }
