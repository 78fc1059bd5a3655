# A página inicial: jogar com um clique, pareamento rápido, salas abertas, entrar por código
# e o formulário que cria uma sala com todas as regras ("Mais opções").

## Jogar agora: um cartão para cada jogo.

lobby-play-now = Jogar agora
lobby-level = Nível do computador
lobby-level-help = 1 o mais fácil, 5 o mais forte
# As dicas dos botões de nível de 1 a 5.
lobby-level-easiest = O mais fácil
lobby-level-strongest = O mais forte
lobby-level-n = Nível { $level }
lobby-blurb-neva = De dois a quatro jogadores num só tabuleiro, em turnos, cada um por si ou em equipes.
lobby-blurb-queah = Um tabuleiro pequeno de 13 casas; as peças capturadas voltam da reserva.
lobby-blurb-giveandtake = Damas nas 64 casas, andando em linha reta; a peça que acabou de mover tem de ser capturada.
lobby-blurb-stockholm = Damas 8×8: a pedra captura primeiro para a frente, depois pode voltar.
lobby-rules = Regras
lobby-play-computer = Jogar contra o computador
lobby-find-opponent = Encontrar adversário
# No botão que acabou de ser clicado, enquanto a partida é criada.
lobby-starting = Começando…
lobby-quick-too-many = Você já tem tantas salas abertas quanto este servidor permite: termine ou saia de uma antes.
lobby-quick-busy = O servidor está ocupado agora; tente de novo daqui a pouco.
lobby-quick-rate-limited = Muitas salas novas daqui neste minuto; espere um pouco.
lobby-quick-none = Este servidor ainda não oferece partidas rápidas; use "Mais opções" abaixo.

## Pareamento rápido: um quadro para cada relógio do jogo escolhido, e quem está esperando.

lobby-quick-pairing = Pareamento rápido
lobby-kind-neva-ffa = Neva, quatro jogadores
lobby-kind-neva-teams = Neva, dois contra dois
lobby-pool-waiting = { $count } esperando
lobby-pool-nobody-waiting = ninguém esperando
lobby-pool-playing = { $count } jogando
# No quadro em que o próprio jogador está esperando.
lobby-pool-waiting-mine = Procurando adversários… clique para parar
# Lido em voz alta num quadro: "Jogar 3+2 Blitz: 2 esperando, 4 jogando".
lobby-pool-play-label = Jogar { $clock } { $speed }: { $counts }
lobby-pool-stop-label = Parar de esperar { $clock } { $speed }: { $counts }
lobby-pool-rated-help = Ranqueada quando seus adversários têm conta e também pedem ranqueada; senão, casual.
lobby-open-seeks = Quem procura partida
lobby-no-seeks = Ninguém está esperando agora: escolha um relógio acima e os outros verão você aqui.
lobby-seek-failed = Uma partida foi encontrada, mas não pôde ser aberta (o servidor está ocupado); tente de novo.
lobby-seek-refused = Não foi possível começar a esperar: talvez você já esteja esperando em outra aba, ou o servidor está ocupado.

## Salas abertas.

lobby-open-rooms = Salas abertas
lobby-loading-rooms = Carregando as salas…
lobby-no-rooms = Nenhuma sala aberta agora. Jogue contra o computador ou encontre um adversário: sua sala aparece aqui para os outros.
# Uma partida em andamento; { $players } lista os jogadores com suas cores.
lobby-playing = Jogando: { $players }
lobby-join = Entrar
lobby-watch = Assistir
# Lido em voz alta no botão de uma sala; { $room } é a sala em uma linha ("Neva, 4 jogadores, 5+3").
lobby-join-room = Entrar: { $room }
lobby-watch-room = Assistir: { $room }
lobby-starts-when-full = Começa quando lotar
lobby-invite-code = Código de convite

## Mais opções: o formulário que cria uma sala.

lobby-more-options = Mais opções
lobby-more-options-help = todas as regras, lugares, robôs, relógio, salas privadas
lobby-create-a-room = Criar uma sala
lobby-loading-games = Carregando os jogos…
lobby-games-failed = Não foi possível carregar os jogos: { $error }
lobby-name-saved = Salvo
lobby-game = Jogo
lobby-rules-of-game = Regras deste jogo
lobby-seats = Lugares
lobby-seat-me = Eu
lobby-seat-person = Uma pessoa
lobby-seat-bot = Computador, nível { $level }
lobby-yes = sim
lobby-no = não
# Um link depois da explicação de cada opção, para o parágrafo dela nas regras.
lobby-how-it-plays = Como funciona
lobby-how-it-plays-label = Como "{ $option }" muda o jogo (abre as regras)
lobby-clock = Relógio
lobby-tc-none = Sem relógio
lobby-tc-fischer = Minutos + acréscimo
lobby-tc-per-move = Segundos por lance
lobby-tc-correspondence = Por correspondência (dias por lance)
lobby-tc-minutes = Minutos para cada um
lobby-tc-increment = Acréscimo em segundos
lobby-tc-days = Dias por lance
# Unidades depois dos campos do relógio: "5 min + 3 s".
lobby-tc-min = min
lobby-tc-s = s
# Depois dos dias: "3 dias por lance".
lobby-tc-a-move = por lance
lobby-tc-days-help = Uma partida longa: volte quando quiser, dentro dos dias de cada lance. Ninguém vence só porque você não está; "Suas partidas" mostra onde é a sua vez.
lobby-rated = Ranqueada
lobby-rated-accounts-only = Só para contas: entre para jogar partidas ranqueadas.
lobby-rated-needs-clock = Precisa de relógio.
lobby-rated-effect = O resultado muda o rating dos jogadores; visitantes não podem sentar numa sala ranqueada.
lobby-private = Privada (só com convite)
lobby-auto-start = Começar sozinha quando todos os lugares estiverem ocupados
lobby-create = Criar sala

## As opções de regra, pelo nome, e depois o que cada uma faz no seu jogo.

lobby-opt-seats = Jogadores
lobby-opt-teams = Equipes
lobby-opt-blocked = Jogador bloqueado
lobby-opt-departed = Peças de quem sai
lobby-opt-repetition = Repetições
lobby-opt-no-progress = Limite de lances sem captura
lobby-opt-deferred-backward-capture = Captura para trás adiada
lobby-opt-max-capture = Lei da maioria
lobby-opt-king-halt = Dama para após a última peça
lobby-opt-edge-ring = Linhas na borda
lobby-opt-edge-centre = Linhas do centro à borda
lobby-opt-centre = Linhas em volta do centro
lobby-opt-capture-mandatory = Captura obrigatória
lobby-opt-drop-timing = Quando colocar
lobby-opt-dropped-piece-may-move = A peça colocada pode mover
lobby-opt-no-reverse-move = Sem voltar atrás
lobby-opt-hot-trigger = Quando capturar a peça movida
lobby-opt-hot-capture = Em que salto capturá-la
lobby-opt-lone-man = A última peça vira dama
lobby-opt-removal = Quando as peças capturadas saem
lobby-opt-king-reversal = Meia-volta da dama
lobby-opt-king-landing = Onde a dama para

lobby-help-repetition-draw = A partida termina empatada quando a mesma posição aparece esse número de vezes (0 = nunca).
lobby-help-neva-seats = Quais cores jogam: as quatro, três, ou duas em cantos opostos.
lobby-help-neva-teams = Jogar em equipes, Brancas e Verdes contra Vermelhas e Pretas (precisa de quatro jogadores).
lobby-help-neva-blocked = Um jogador que não pode mover sai do jogo, passa a vez, ou passa a vez a não ser que só restem dois jogadores.
lobby-help-neva-departed = Quando um jogador sai da partida, suas peças são retiradas, ou ficam como obstáculos que ainda podem ser capturados.
lobby-help-neva-no-progress = A partida termina empatada depois desse número de rodadas completas só com lances de dama e sem captura (0 = nunca).
lobby-help-queah-edge-ring = Acrescenta linhas retas em volta da borda externa do tabuleiro, para as peças também andarem por ela.
lobby-help-queah-edge-centre = Acrescenta linhas retas da casa central até o meio de cada borda.
lobby-help-queah-centre = Acrescenta linhas retas ligando as quatro casas em volta do centro.
lobby-help-queah-capture-mandatory = Quando você pode capturar, tem de capturar.
lobby-help-queah-drop-timing = Quando quem perdeu uma peça a traz de volta da reserva: antes do lance, depois dele, no lugar dele, ou quando quiser.
lobby-help-queah-dropped-piece-may-move = Quando você traz uma peça de volta antes do lance, essa mesma peça pode fazer o lance.
lobby-help-queah-no-reverse-move = Uma peça não pode voltar direto para onde estava no seu próximo lance.
lobby-help-queah-repetition = A partida termina quando a mesma posição aparece esse número de vezes; vence quem tiver mais peças (0 = nunca).
lobby-help-queah-no-progress = A partida termina depois desse número de lances sem captura e sem peça trazida de volta; vence quem tiver mais peças (0 = nunca).
lobby-help-stockholm-deferred = O primeiro salto de uma pedra tem de ser para a frente, os seguintes podem ser para trás; desligue para jogar damas brasileiras.
lobby-help-stockholm-max-capture = Você tem de capturar o maior número possível de peças (a dama conta como uma); desligue para permitir qualquer captura.
lobby-help-stockholm-king-halt = A dama termina a captura na casa logo depois da última peça capturada.
lobby-help-stockholm-no-progress = A partida termina empatada depois desse número de lances de cada lado só com damas e sem captura (0 = nunca).
lobby-help-giveandtake-no-progress = A partida termina empatada depois desse número de lances de cada lado sem captura e sem mover pedra (0 = nunca).
lobby-help-giveandtake-hot-trigger = Você tem de capturar quando a peça que o adversário acabou de mover pode ser tomada no primeiro salto, ou em qualquer salto de uma captura.
lobby-help-giveandtake-hot-capture = Uma captura obrigatória tem de tomar a peça que o adversário acabou de mover, em qualquer salto ou no primeiro.
lobby-help-giveandtake-lone-man = Uma pedra vira dama na hora quando é a última peça do seu dono, ou a última pedra.
lobby-help-giveandtake-removal = As peças capturadas saem do tabuleiro na hora, ou só quando a captura inteira termina.
lobby-help-giveandtake-king-reversal = Uma dama que captura pode dar meia-volta entre os saltos.
lobby-help-giveandtake-king-landing = Depois de um salto, a dama tem de parar onde possa saltar de novo, se houver essa casa, ou pode parar em qualquer casa atrás da peça capturada.
