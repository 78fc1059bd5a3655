# A página da partida: a espera pelos jogadores, o jogo e o fim.

## Quem está em cada lugar

room-you = Você
# "você" no meio da frase: "Sua equipe venceu (você e Verdes)!"
room-you-lower = você
# Um jogador sentado, com a cor do lugar: "Bob (Vermelhas)".
room-seat-label = { $name } ({ $seat })
room-bot-random = Lances aleatórios
room-bot-level = Computador nível { $level }
room-the-host = o anfitrião
room-free-seat = Lugar livre
room-nobody = ninguém
# Jogo em equipes na Neva: as equipes são A e B, nunca a cor de um lugar.
room-team = Equipe { $team }

## Por que um jogador está fora (depois de "fora:" e em "Você está fora: ...")

room-out-captured-all = todas as peças capturadas
room-out-blocked = sem lances possíveis
room-out-resigned = desistiu
room-out-left = saiu da partida
room-out-time = tempo esgotado
room-out-abandonment = ausente por tempo demais

## Um jogador sai de uma partida que continua sem ele (Neva)

room-departed-resigned = { $subject ->
    [you] Você desistiu.
   *[other] { $who } desistiu.
}
room-departed-left = { $subject ->
    [you] Você saiu da partida.
   *[other] { $who } saiu da partida.
}
room-departed-time = { $subject ->
    [you] Seu tempo acabou.
   *[other] O tempo de { $who } acabou.
}
room-departed-abandonment = { $subject ->
    [you] Você ficou ausente por tempo demais e está fora.
   *[other] { $who } ficou ausente por tempo demais e está fora.
}
room-departed-other = { $subject ->
    [you] Você está fora ({ $reason }).
   *[other] { $who } está fora ({ $reason }).
}

## A descrição da sala e a ordem dos lances

room-desc-private = { $description }, privada
room-order-clockwise = { $seats } (sentido horário)
room-turn-order = Ordem dos lances: { $order }.

## A sala de espera

room-waiting-for = { $count ->
    [one] Falta { $count } jogador.
   *[other] Faltam { $count } jogadores.
}
room-next-auto = A partida começa quando todos os lugares estiverem ocupados.
room-next-host = Você começa a partida (Começar) quando todos os lugares estiverem ocupados.
room-next-other = O anfitrião ({ $host }) começa a partida quando todos os lugares estiverem ocupados.
room-next-take-seat = Ocupe um lugar livre para jogar.
room-full-head = Todos os lugares estão ocupados.
room-full-auto = A partida está começando.
room-full-host = Clique em Começar para iniciar a partida.
room-full-other = Esperando o anfitrião ({ $host }) começar a partida.
room-full-watching = Esta sala está cheia: você está assistindo.
room-seated = Sentados: { $who }.
room-seated-nobody = Ninguém se sentou ainda.
room-watch = Assistir à partida
room-find-another = Procurar outra partida

## O fim da partida. $who é um nome ou uma lista; $subject diz como a lista funciona como
## sujeito do verbo: "you" (só o leitor), "one" (um outro jogador) ou "many".

room-result-over = Fim de jogo.
room-result-draw = Empate.
room-result-you-won = Você venceu!
room-result-team-won = Sua equipe venceu ({ $who })!
room-result-won = { $subject ->
    [one] { $who } venceu.
   *[other] { $who } venceram.
}
room-the-others = Os outros
room-how-captured-all = { $subject ->
    [you] Você ficou sem peças.
    [one] { $who } ficou sem peças.
   *[other] { $who } ficaram sem peças.
}
room-how-blocked = { $subject ->
    [you] Você ficou sem lances.
    [one] { $who } ficou sem lances.
   *[other] { $who } ficaram sem lances.
}
room-how-resigned = { $subject ->
    [you] Você desistiu.
    [one] { $who } desistiu.
   *[other] { $who } desistiram.
}
room-how-left = { $subject ->
    [you] Você saiu da partida.
    [one] { $who } saiu da partida.
   *[other] { $who } saíram da partida.
}
room-how-time = { $subject ->
    [you] Seu tempo acabou.
    [one] O tempo de { $who } acabou.
   *[other] O tempo de { $who } acabou.
}
room-how-abandonment = { $subject ->
    [you] Você ficou ausente por tempo demais e a vitória foi reivindicada.
    [one] { $who } ficou ausente por tempo demais e a vitória foi reivindicada.
   *[other] { $who } ficaram ausentes por tempo demais e a vitória foi reivindicada.
}
room-how-other = { $who }: { $reason }.
room-drawn-agreement = Os jogadores concordaram com o empate.
room-drawn-repetition = A mesma posição se repetiu vezes demais: empate.
room-drawn-no-progress = Muitos lances sem progresso: empate.
room-drawn-abandonment = Os adversários ficaram ausentes por tempo demais e o empate foi reivindicado.
room-drawn-other = Empate: { $reason }.

## Uma partida anulada ou uma sala fechada

room-abort-no-first-move = A partida foi anulada: { $who } não fez o primeiro lance a tempo. Ninguém ganha nem perde.
room-abort-server = O servidor encerrou esta partida. Ninguém ganha nem perde.
room-abort-unattended-game = A partida foi encerrada: ninguém estava jogando. Ela não conta; ninguém ganha nem perde.
room-abort-unattended-room = A sala foi fechada: não havia ninguém nela.
room-abort-early-resigned = { $subject ->
    [you] A partida foi anulada: você desistiu antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
   *[other] A partida foi anulada: { $who } desistiu antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
}
room-abort-early-left = { $subject ->
    [you] A partida foi anulada: você saiu antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
   *[other] A partida foi anulada: { $who } saiu antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
}
room-abort-early-time = { $subject ->
    [you] A partida foi anulada: seu tempo acabou antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
   *[other] A partida foi anulada: o tempo de { $who } acabou antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
}
room-abort-early-abandonment = { $subject ->
    [you] A partida foi anulada: você ficou ausente por tempo demais antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
   *[other] A partida foi anulada: { $who } ficou ausente por tempo demais antes que todos tivessem jogado, então ela não conta. Ninguém ganha nem perde.
}
room-abort-early-claimed = A partida foi anulada: ela foi reivindicada antes que todos tivessem jogado, então não conta. Ninguém ganha nem perde.
room-abort-cancelled = O anfitrião cancelou esta sala.
room-abort-by = { $subject ->
    [you] Você anulou a partida antes que ela realmente começasse. Ninguém ganha nem perde.
   *[other] { $who } anulou a partida antes que ela realmente começasse. Ninguém ganha nem perde.
}
room-abort-plain = A partida foi anulada. Ninguém ganha nem perde.

## O topo da sala e o título da aba

room-heading = Sala
room-title-private = { $game } (privada)
room-tab = { $game } · Checkerhall
room-tab-your-turn = Sua vez · { $game }
room-status-aborted = Esta partida foi anulada
room-status-over = Fim de jogo
room-status-your-turn = Sua vez
# A linha de estado: "Vez das Vermelhas (Bob)".
room-status-to-move = Vez de { $seat } ({ $name })
# Um link de volta ao torneio da partida.
room-event = ← { $name }
room-event-round = ← { $name }, rodada { $round }
# O tempo de ida e volta da conexão, ao lado da linha de estado.
room-lag = latência { $ms } ms

## Os lugares

room-players = Jogadores
# Antes do nome do ocupante, na linha do lugar: "Brancas: Bob".
room-seat-name = { $seat }:
room-seat-you = (você)
room-rating = rating
room-rating-provisional = rating (provisório)
room-presence-online = online
room-presence-away = ausente
room-presence-connected = conectado
room-your-partner = seu parceiro
room-partner = parceiro: { $seat }
room-first-to-move = começa
room-to-move = na vez
room-seat-out = fora: { $reason }
room-sit-here = Sentar aqui
room-move-here = Mudar para cá
room-bot-level-for = Nível do computador para { $seat }
room-level = Nível { $level }
room-add-bot = Colocar computador
room-remove-bot = Tirar computador

## As ações abaixo dos lugares

room-join = Entrar
room-leave-seat = Sair do lugar
room-start = Começar
room-cancel-room = Cancelar sala
room-take-back = Voltar lance
room-accept-takeback = Aceitar voltar lance
room-decline-takeback = Recusar voltar lance
room-withdraw-takeback = Retirar pedido
room-offer-draw = Propor empate
room-accept-draw = Aceitar empate
room-decline-draw = Recusar empate
room-withdraw-draw = Retirar proposta de empate
room-resign = Desistir
room-resign-confirm = Desistir desta partida?
# Um botão que pede um segundo clique: "Desistir desta partida? Clique de novo".
room-confirm-again = { $question } Clique de novo
room-abort = Anular
room-claim-victory = Reivindicar vitória
room-claim-draw = Reivindicar empate
room-claim-countdown = Seus adversários estão ausentes: você pode reivindicar em { $seconds } s
room-show-result = Ver o resultado
# Um pedido para voltar lance: $after é quantos lances depois do próprio voltam junto.
room-takeback-request = { $after ->
    [0] { $seat } pedem para voltar o último lance.
    [one] { $seat } pedem para voltar o último lance e o lance seguinte.
   *[other] { $seat } pedem para voltar o último lance e os { $after } lances seguintes.
}
room-waiting-for-seats = Esperando: { $seats }.
room-draw-offered-by = Empate proposto por { $seats }.
room-draw-accepted-by = Aceito por { $seats }.

## O tabuleiro e suas ferramentas

room-board = Tabuleiro
room-side = Jogadores e ações
room-move-placeholder = Seu lance, ex.: c3-d4
room-move-placeholder-neva = Seu lance, ex.: 25-24 (casas com dois dígitos)
room-move-placeholder-queah = Seu lance, ex.: b2-c3, ou @e5,d2-e3 depois de uma captura
room-move-input = Digite um lance
room-move-submit = Jogar
room-flip = Girar tabuleiro
room-flip-title = Girar o tabuleiro (tecla F)
room-coords = Coordenadas
room-sound-on = Som ligado
room-sound-off = Som desligado
room-rules-link = Regras deste jogo
# Queah: uma pedra da reserva foi colocada no tabuleiro; a mesma vez continua com um lance.
room-drop-hint = Pedra colocada em { $square }: agora mova uma pedra para terminar a sua vez.
# Uma peça, lida em voz alta: "pedra (Brancas)", "dama (Vermelhas)".
room-piece-man = pedra ({ $seat })
room-piece-king = dama ({ $seat })
room-piece-partner = { $piece }, do seu parceiro
# Uma casa, lida em voz alta: "c3: pedra (Brancas)", "d4: vazia, jogue aqui".
room-square = { $square }: { $piece }
room-square-target = { $square }: { $piece }, jogue aqui
room-square-empty = vazia
room-reserve = { $count ->
    [one] Reserva de { $seat }: { $count } pedra
   *[other] Reserva de { $seat }: { $count } pedras
}
room-reserve-mine = { $count ->
    [one] Reserva de { $seat }: { $count } pedra, coloque uma
   *[other] Reserva de { $seat }: { $count } pedras, coloque uma
}

## Pré-lances: um lance escolhido enquanto outro jogador está na vez, jogado quando a vez chega

room-premove-route = { $from } para { $to }
room-premove-queued = Pré-lance { $move }: será jogado quando chegar a sua vez. Clique no tabuleiro para cancelar.
room-premove-cancelled = Pré-lance cancelado.
room-premove-ambiguous = Pré-lance { $move } descartado: mais de uma captura termina ali, escolha você mesmo.
room-premove-illegal = Pré-lance { $move } descartado: não é um lance válido agora.

## Avisos: mostrados acima do tabuleiro e lidos pelos leitores de tela

room-started-you-first = A partida começou. Você joga primeiro.
room-started-you-drawn = A partida começou. Você foi sorteado para jogar primeiro.
room-started-first = A partida começou. { $who } joga primeiro.
room-started-drawn = A partida começou. { $who } foi sorteado para jogar primeiro.
room-out-you = Você está fora: { $reason }.
room-out-other = { $who } está fora: { $reason }.
room-draw-you-offered = Você propôs empate.
room-draw-offers = { $who } propõe empate.
room-draw-accepted = { $who } aceitou o empate.
room-draw-declined = { $who } recusou o empate.
room-draw-withdrawn = A proposta de empate foi retirada.
room-draw-lapsed = A proposta de empate expirou.
room-takeback-you-asked = Você pediu para voltar seu último lance.
room-takeback-asks = { $who } pede para voltar o último lance.
room-takeback-you-agreed = Você aceitou voltar o lance.
room-takeback-agreed = { $who } aceitou voltar o lance.
room-takeback-you-declined = Você recusou voltar o lance.
room-takeback-declined = { $who } recusou voltar o lance.
room-takeback-withdrawn = O pedido para voltar lance foi retirado.
room-takeback-lapsed = O pedido para voltar lance expirou.
# $after: quantos lances depois do lance do leitor voltaram junto.
room-took-back-yours = { $after ->
    [0] Seu último lance foi desfeito. É a sua vez de novo.
    [one] Seu último lance foi desfeito, junto com o lance seguinte. É a sua vez de novo.
   *[other] Seu último lance foi desfeito, junto com os { $after } lances seguintes. É a sua vez de novo.
}
room-took-back = O último lance de { $who } foi desfeito.
room-clock-low = Seu tempo está acabando.
# O servidor reiniciou durante a partida; $down e $given são durações ("45 s", "3 min 5 s").
room-resumed = O servidor ficou fora do ar por { $down }. Ninguém perde tempo por isso.
room-resumed-given-back = O servidor ficou fora do ar por { $down }. O relógio de quem estava na vez recebeu { $given } de volta: ninguém perde tempo por isso.
room-seconds = { $seconds } s
room-minutes-seconds = { $minutes } min { $seconds } s
room-already-started = Esta partida já começou: você está assistindo.
room-not-connected = Ainda sem conexão com a sala.

## A revanche, na janela do resultado e nos avisos

room-rematch-you-declined = Você recusou a revanche.
room-rematch-declined = { $who } recusou a revanche.
room-rematch-expired = A proposta de revanche expirou: ninguém respondeu a tempo.
room-rematch-asks = { $who } propõe uma revanche.
# $subject: "one" quando um outro jogador pediu, senão "other" (o leitor, ou vários).
room-rematch-asked = { $subject ->
    [one] { $who } propõe uma revanche.
   *[other] Revanche pedida por { $who }.
}
room-rematch-asked-waiting = { $subject ->
    [one] { $who } propõe uma revanche; esperando { $waiting }.
   *[other] Revanche pedida por { $who }; esperando { $waiting }.
}
room-rematch-lapses = A proposta expira em { $seconds } s.

## A janela do resultado

room-result-close = Fechar e ver o tabuleiro
room-result-aborted = Anulada.
# Neva: as colocações, do primeiro ao último.
room-finishing-order = Classificação final
room-rematch = Revanche
room-rematch-sent = Revanche pedida
room-rematch-accept = Aceitar revanche
room-rematch-decline = Recusar
room-rematch-watch = Assistir à revanche
room-new-opponent = Novo adversário
# Abre a partida terminada na revisão, com a análise do computador.
room-analyse = Analisar
room-back = Voltar

## A conexão, na faixa abaixo do cabeçalho

room-reconnecting = Conexão perdida. Reconectando…
room-paused = Pausado enquanto você estava fora. Clique em qualquer lugar ou aperte uma tecla para reconectar.
room-banned = Você foi banido deste servidor.
room-restarting = O servidor está reiniciando. Reconectando…

## Um endereço de sala que o servidor não conhece

room-dead-title = Sala não encontrada
room-dead-why = Não há sala neste endereço: o link pode estar errado, ou a sala foi fechada há algum tempo.
room-dead-kept = A partida jogada aqui ({ $game }) foi guardada: você pode revê-la.
room-dead-replay = Rever a partida

## O convite da sala de espera

room-invite-label = Convite:
room-invite-link = Link de convite
room-invite-copy = Copiar link de convite
room-invite-copied = Copiado
# O navegador não deixou a página copiar: o link fica selecionado para o leitor copiar.
room-invite-press-copy = Aperte Ctrl+C
room-invite-ask-host = Uma sala privada: peça o link de convite ao anfitrião.

## A lista de lances

room-moves = Lances
room-viewing = Mostrando a posição depois do lance { $move }.
room-back-to-game = Voltar à partida
# O botão de um lance, lido em voz alta: "Lance 3: Brancas c3-d4".
room-move-label = Lance { $number }: { $ply }
room-ply = { $seat } { $move }
room-ply-resigned = { $seat } desistiram
room-ply-left = { $seat } saíram da partida
room-ply-timeout = tempo de { $seat } esgotado
# Um jogador que sai da partida, como aparece na lista entre os lances.
room-ply-short-resigned = desistiu
room-ply-short-left = saiu
room-ply-short-timeout = tempo

## O chat

room-chat = Chat
room-chat-players = Chat dos jogadores
room-chat-spectators = Chat dos espectadores
room-chat-input = Mensagem do chat
room-chat-placeholder-players = Mensagem para os jogadores
room-chat-placeholder-spectators = Mensagem para os outros espectadores
room-chat-send = Enviar
room-chat-not-sent = A mensagem não foi enviada.
room-chat-empty = Nenhuma mensagem ainda.
# Uma linha cujo autor não é mais conhecido.
room-chat-someone = Alguém
# Depois do nome de quem escreveu: o lugar em que joga.
room-chat-seat = ({ $seat })
room-chat-hidden = { $count ->
    [one] { $count } mensagem de jogadores silenciados oculta.
   *[other] { $count } mensagens de jogadores silenciados ocultas.
}
room-mute = Silenciar
room-mute-title = Ocultar as mensagens de { $name } neste navegador
room-unmute = Voltar a ouvir { $name }
# Quantas pessoas assistem à sala, ao lado do título do chat.
room-watchers = { $count ->
    [one] { $count } assistindo
   *[other] { $count } assistindo
}

## Os relógios ao lado do tabuleiro

room-clock-label = Relógio de { $seat }
# Antes do primeiro lance de um jogador, o relógio dele não corre.
room-clock-yours-waits = seu relógio começa depois do seu primeiro lance
room-clock-waits = o relógio começa depois do primeiro lance
# $within: quanto tempo resta para o primeiro lance ("45 s", "2 horas").
room-clock-first-move-yours = Seu primeiro lance em até { $within }
room-clock-first-move = primeiro lance em até { $within }

## Torneios em lista: o painel da página inicial e a página de torneios

room-events-title = Torneios
room-events-all = Todos os torneios
# $when: um dia e uma hora, "sex., 3 de mai., 19:00".
room-events-starts = começa { $when }
room-events-rated = valendo rating
room-events-casual = amistoso
room-events-players = { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}
