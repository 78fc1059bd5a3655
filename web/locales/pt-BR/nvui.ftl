# Modo leitor de tela: o tabuleiro em texto (nas salas, nas partidas gravadas e nas páginas
# de regras), a caixa onde se digita um lance ou um comando e o que é lido em voz alta. O
# leitor de tela fala cada frase, então cada uma é uma frase inteira, com ponto final.
# `$who` é um lado ("Brancas") ou um jogador e o lado ("Ana (Brancas)"); `$move`, um lance
# escrito ("c3-d4", "e5xc3xa5"); `$squares`, casas ("a3, c1"): nada disso se traduz.

## O tabuleiro em texto

nvui-board-head = Tabuleiro em palavras
nvui-pieces-head = Peças
# As pedras e damas de um lado, na linha desse lado: "Brancas: pedras a3, c1; dama d4."
nvui-men = { $count ->
    [one] pedra { $squares }
   *[other] pedras { $squares }
}
nvui-kings = { $count ->
    [one] dama { $squares }
   *[other] damas { $squares }
}
nvui-no-pieces = nenhuma peça
# Queah: as peças que esperam ao lado do tabuleiro.
nvui-reserve = { $count } na reserva
# Queah: o lado perdeu uma peça e primeiro precisa trazer uma de volta da reserva.
nvui-owes = deve repor uma peça
# Depois do nome de um lado: o lado do próprio leitor, o do parceiro (Neva em equipes), a
# equipe do lado, um lado fora do jogo. "Verdes (Tarde), seu parceiro, equipe A, fora: nenhuma peça."
nvui-you = você
nvui-partner = seu parceiro
nvui-team = equipe { $team }
nvui-out = fora do jogo
# Give and Take: a peça que deve ser capturada, se puder.
nvui-hot = A peça que acabou de se mover está em { $square }.

## De quem é a vez, e o último lance

nvui-your-turn = É a sua vez.
nvui-to-move = Vez de jogar: { $who }.
nvui-waiting = A partida ainda não começou.
nvui-over = A partida terminou.
nvui-aborted = A partida foi cancelada.
nvui-no-last = Nenhum lance foi feito ainda.
# Lido em voz alta quando outro jogador joga.
nvui-played = { $who } jogou { $move }.
nvui-you-played = Você jogou { $move }.
# Embaixo da vez, no tabuleiro em texto.
nvui-last-played = Último lance: { $who } jogou { $move }.
nvui-last-you-played = Último lance: você jogou { $move }.
# Depois da frase de um lance que capturou.
nvui-took = { $count ->
    [one] Tomou 1 peça
   *[other] Tomou { $count } peças
}.
# Numa sala, quando o leitor olha uma posição anterior na lista de lances.
nvui-viewing = Mostrando a posição depois do lance { $n }. Para voltar, aperte a seta para a direita fora da caixa de lance ou escolha o último lance da lista.
# Uma mensagem do chat lida em voz alta: `$who` é o nome de quem escreveu, `$text`, o que escreveu.
nvui-said = { $who } diz: { $text }

## Respostas aos comandos

nvui-legal = Lances possíveis: { $moves }.
nvui-no-legal = Você não tem lance para fazer agora.
nvui-legal-pending = Seus lances possíveis estão chegando: pergunte de novo daqui a pouco.
# `$clocks`: um nvui-clock ou nvui-clock-running por lado, separados por ponto e vírgula.
nvui-clocks = Relógios: { $clocks }.
nvui-clock = { $seat } { $time }
nvui-clock-running = { $seat } { $time }, correndo
nvui-no-clock = Esta partida não tem relógio.

## A caixa de lance

nvui-move-head = Fazer um lance
nvui-move-label = Seu lance ou um comando
nvui-play = Jogar
nvui-legal-button = Lances possíveis
nvui-clocks-button = Ler os relógios
# O registro que lê em voz alta os lances dos outros e as mensagens do chat.
nvui-news = Novidades
# As palavras que se podem digitar para cada comando, em minúsculas, separadas por espaços
# (as palavras em inglês sempre funcionam também). A ajuda abaixo as cita: mude as duas juntas.
nvui-command-moves = lances l
nvui-command-clocks = relógios relogios r
nvui-command-last = último ultimo u
nvui-command-board = tabuleiro t peças pecas
nvui-command-turn = vez v
nvui-command-help = ajuda a ?
nvui-help = Digite um lance e aperte Enter. Comandos: lances (ou l) lista os lances possíveis, relógios (ou r) lê os relógios, último (ou u) diz o último lance, tabuleiro (ou t) as peças, vez (ou v) de quem é a vez.
# O mesmo numa posição para tentar, numa página de regras, que não tem relógio nem último lance.
nvui-try-help = Digite um lance e aperte Enter. Comandos: lances (ou l) lista os lances possíveis, tabuleiro (ou t) as peças, vez (ou v) de quem é a vez.
