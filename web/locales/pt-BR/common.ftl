# Palavras que várias telas compartilham: nomes dos jogos, lugares e suas cores, regras na
# descrição de uma sala em uma linha, resultados e seus motivos, relógios, intervalos de
# tempo e contagens.

## Os jogos. O nome curto é o que os jogadores falam; o completo aparece no topo das
## regras, do histórico e da sala.

common-game-short-neva = Neva
common-game-short-queah = Queah
common-game-short-giveandtake = Give and Take
common-game-short-stockholm = Estocolmo
common-game-name-neva = Damas Neva
common-game-name-queah = Queah
common-game-name-giveandtake = Give and Take
common-game-name-stockholm = Damas de Estocolmo

## Os lugares, chamados pela cor das peças ("Vez das Brancas", "Ana (Vermelhas)").

common-seat-white = Brancas
common-seat-red = Vermelhas
common-seat-green = Verdes
common-seat-black = Pretas
# Os quatro cantos do Neva levam o nome da hora do dia do lugar que começa ali.
common-corner-white = Manhã
common-corner-red = Dia
common-corner-green = Tarde
common-corner-black = Noite

## Jogadores mostrados pelo que são, não por um nome.

common-bot = Computador
common-bot-level = Computador nível { $level }
# O robô que faz um lance permitido qualquer, ao acaso.
common-bot-random = Jogador aleatório

## Por que uma partida terminou, ou por que um jogador saiu dela (depois do resultado:
## "Vermelhas venceram: tempo esgotado").

common-reason-captured-all = todas as peças capturadas
common-reason-blocked = sem lances
common-reason-resigned = desistência
# Um jogador que saiu no meio da partida (não é o mesmo que desistir).
common-reason-left = saiu da partida
common-reason-time = tempo esgotado
common-reason-agreement = empate combinado
common-reason-repetition = posição repetida
# A partida terminou depois de lances demais sem captura.
common-reason-no-progress = sem progresso
common-reason-abandonment = o adversário abandonou
# Partida de torneio em que o jogador não fez o primeiro lance a tempo.
common-reason-no-show = não compareceu

## Uma sala em uma linha, como na lista da página inicial e no topo da sala:
## "Neva, 4 jogadores, em equipes, 5+3, ranqueada". Só aparecem as regras diferentes das
## de costume, cada uma em poucas palavras.

common-players = { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}
common-rated = ranqueada
common-casual = casual

common-opt-teams = em equipes
common-opt-blocked-pass = jogador bloqueado passa a vez
common-opt-blocked-pass-unless-two = jogador bloqueado passa a vez até sobrarem dois
common-opt-blocked-eliminate = jogador bloqueado é eliminado
common-opt-departed-inert = as peças de quem sai ficam
common-opt-departed-remove = as peças de quem sai são retiradas
# Damas de Estocolmo sem a captura para trás adiada são damas brasileiras.
common-opt-brazilian = regra brasileira
common-opt-deferred-capture = captura para trás adiada
common-opt-any-capture = qualquer captura vale
common-opt-longest-capture = lei da maioria
common-opt-king-halt = a dama para logo após a última peça
common-opt-king-land-anywhere = a dama para em qualquer casa após capturar
# As linhas extras do tabuleiro do Queah.
common-opt-edge-lines = linhas na borda
common-opt-centre-edge-lines = linhas do centro à borda
common-opt-centre-lines = linhas em volta do centro
common-opt-captures-compulsory = captura obrigatória
common-opt-captures-optional = captura opcional
# Quando as peças capturadas do Queah voltam da reserva ("colocar").
common-opt-drop-then-move = colocar, depois mover
common-opt-move-then-drop = mover, depois colocar
common-opt-drop-is-move = colocar vale como lance
common-opt-drop-any-time = colocar a qualquer momento
common-opt-dropped-waits = a peça colocada espera
common-opt-dropped-moves = a peça colocada pode mover
common-opt-back-allowed = pode voltar atrás
common-opt-no-back = sem voltar atrás
# Give and Take: a peça que acabou de mover tem de ser capturada.
common-opt-hot-anywhere = capturar a peça movida em qualquer salto
common-opt-hot-at-once = capturar a peça movida logo no primeiro salto
common-opt-hot-first-jump = a peça movida primeiro
common-opt-hot-any-jump = a peça movida em qualquer salto
common-opt-last-man = a última pedra vira dama
common-opt-last-piece = a última peça vira dama
common-opt-removal-end = as peças saem depois da captura
common-opt-removal-now = as peças saem na hora
common-opt-king-no-turn = a dama não pode dar meia-volta
common-opt-king-turn = a dama pode dar meia-volta
common-opt-king-land-free = a dama para onde quiser
common-opt-king-land-jump = a dama para onde possa saltar de novo
common-opt-no-repetition = sem empate por repetição
common-opt-repetition = { $count ->
    [one] { $count } repetição encerra a partida
   *[other] { $count } repetições encerram a partida
}
common-opt-no-quiet-limit = sem limite de lances sem captura
# Lances sem captura (e, em alguns jogos, sem mover pedra).
common-opt-quiet-moves = { $count ->
    [one] { $count } lance sem captura encerra a partida
   *[other] { $count } lances sem captura encerram a partida
}

## Relógios e tempo.

common-clock-none = sem relógio
# Um controle de tempo de tantos segundos por lance.
common-clock-per-move = { $seconds } s por lance
# Por correspondência: tantos dias por lance.
common-clock-days-a-move = { $count ->
    [one] { $count } dia por lance
   *[other] { $count } dias por lance
}
# Um relógio com um dia ou mais: "2d 05h".
common-clock-long = { $days }d { $hours }h
common-speed-blitz = Blitz
common-speed-rapid = Rápida
common-speed-correspondence = Por correspondência

# Intervalos de tempo: "2 dias 5 horas", "3 horas 20 min", "45 s".
common-days = { $count ->
    [one] { $count } dia
   *[other] { $count } dias
}
common-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
common-minutes = { $count } min
common-seconds = { $count } s

## Quem está numa sala que espera jogadores (a lista da página inicial).

common-room-full = Completa
common-waiting-for = { $count ->
    [one] Aguardando mais { $count } jogador
   *[other] Aguardando mais { $count } jogadores
}
# { $who } é um nome ou uma lista de nomes; { $people } é quantos nomes ela tem.
common-wait-for = { $people ->
    [one] { $count ->
        [one] { $who } espera mais { $count } jogador
       *[other] { $who } espera mais { $count } jogadores
    }
   *[other] { $count ->
        [one] { $who } esperam mais { $count } jogador
       *[other] { $who } esperam mais { $count } jogadores
    }
}

## As opções de exibição, ao lado de cada tabuleiro.

common-settings-colours = Cores
common-scheme-system = Como no sistema
common-scheme-light = Claras
common-scheme-dark = Escuras
common-settings-board = Tabuleiro
common-board-wood = Madeira
common-board-sea = Mar
common-board-moss = Musgo
common-board-slate = Ardósia
# Uma caixa de seleção: os tabuleiros da página aparecem como texto para leitores de tela.
common-settings-reader = Modo leitor de tela
common-on = Ligado
common-off = Desligado

## A notificação do navegador quando é a sua vez numa partida e você está em outro lugar.

common-notice-your-move = Sua vez
# "Queah contra Beto"; { $opponents } é uma lista de nomes.
common-notice-against = { $game } contra { $opponents }

# Um aviso quando o servidor tem arquivos mais novos que a página e recarregar uma vez não
# resolveu.
common-outdated = Há uma versão mais nova do Checkerhall no servidor. Recarregue a página para jogar.

## Quando a conversa com o servidor falha (aparece onde a ação foi tentada).

common-request-failed = O servidor não respondeu como esperado; tente de novo daqui a pouco.
common-connection-lost = A conexão caiu; tente de novo quando ela voltar.
common-not-connected = Ainda sem conexão; tente de novo daqui a pouco.
# O servidor recusou uma ação sem dizer por quê.
common-refused = O servidor recusou isso.
