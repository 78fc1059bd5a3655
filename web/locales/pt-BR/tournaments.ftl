# A lista de torneios (/tournaments), a página de um torneio (/tournament/<id>) e as
# palavras sobre torneios que outras páginas também mostram (o quadro da página inicial, a
# página de um jogador): o formato, a situação, a contagem regressiva.

## A lista e o formulário de criação

tournaments-title = Torneios
tournaments-intro = Inscreva-se em um torneio antes do início. Enquanto a página dele estiver aberta, cada partida que o emparceiramento lhe der abre sozinha, e a classificação acompanha cada resultado.
tournaments-loading = Carregando…
tournaments-list-failed = Os torneios não carregaram: { $error }
tournaments-none = Ainda não há torneios: nenhum marcado, nenhum em andamento e nenhum disputado.
tournaments-group-upcoming = Inscrições abertas
tournaments-group-upcoming-empty = Nada marcado ainda.
tournaments-group-running = Em andamento
tournaments-group-running-empty = Nenhum no momento.
tournaments-group-finished = Encerrados
tournaments-group-finished-empty = Nenhum ainda.

# Quem pode criar torneios neste servidor: uma das três frases, depois uma das três seguintes.
tournaments-creators-anyone = Qualquer pessoa pode criar um torneio neste servidor, até convidados.
tournaments-creators-members = Qualquer pessoa com conta pode criar um torneio neste servidor.
tournaments-creators-admins = Neste servidor, só os administradores criam torneios.
tournaments-creators-yours = O seu começa pelo formulário abaixo.
tournaments-creators-sign-in = Entre para criar um.
tournaments-creators-ask = Para ter um, peça a um administrador.

tournaments-create = Criar um torneio
tournaments-field-name = Nome
tournaments-field-game = Jogo
tournaments-field-format = Sistema
tournaments-field-rounds = Rodadas
tournaments-field-minutes = Minutos
tournaments-field-clock = Relógio
tournaments-field-starts = Início
tournaments-field-no-show = Ausência após
tournaments-field-no-show-help = Quem não fizer o primeiro lance nesse tempo depois que chegar a sua vez perde a partida por W.O.
tournaments-field-max = Máximo de jogadores
tournaments-field-rated = Valendo rating (as partidas mudam o rating)
# O texto do campo "Máximo de jogadores" quando está vazio.
tournaments-no-limit = sem limite
tournaments-create-button = Criar torneio

# Os sistemas de torneio, na lista do formulário.
tournaments-system-swiss = Suíço
tournaments-system-round-robin = Todos contra todos
tournaments-system-arena = Arena
tournaments-system-neva-tables = Mesas de Neva

tournaments-clock-fischer = Minutos + incremento
tournaments-clock-per-move = Segundos por lance
tournaments-clock-base = Minutos para cada um
tournaments-clock-increment = Incremento em segundos
# Unidades depois dos campos do relógio: "5 min + 3 s".
tournaments-unit-min = min
tournaments-unit-s = s

# Ditas antes de o formulário ser enviado.
tournaments-check-name = Dê um nome ao torneio.
tournaments-check-start = Escolha quando ele começa.
tournaments-check-past = O início já passou.
tournaments-check-rounds = Escolha quantas rodadas.
tournaments-check-minutes = Escolha quantos minutos a arena dura.

## Um formato em poucas palavras: "Suíço, 5 rodadas"

tournaments-format-swiss = { $rounds ->
    [one] Suíço, { $rounds } rodada
   *[other] Suíço, { $rounds } rodadas
}
tournaments-format-round-robin = Todos contra todos
tournaments-format-arena = { $minutes ->
    [one] Arena, { $minutes } minuto
   *[other] Arena, { $minutes } minutos
}
tournaments-format-neva = { $rounds ->
    [one] Mesas de Neva, { $rounds } rodada
   *[other] Mesas de Neva, { $rounds } rodadas
}
tournaments-format-neva-teams = { $rounds ->
    [one] Mesas de Neva em duplas, { $rounds } rodada
   *[other] Mesas de Neva em duplas, { $rounds } rodadas
}
# Um formato que esta página ainda não conhece.
tournaments-format-other = Torneio

## Como cada formato funciona, um parágrafo por ponto ("Como funciona" na página do torneio
## e abaixo do sistema escolhido no formulário)

tournaments-rules-swiss-pairing = A cada rodada, os jogadores enfrentam alguém com a mesma pontuação, ou a mais próxima possível. Ninguém enfrenta o mesmo adversário duas vezes, e todos jogam de brancas e de pretas alternadamente, sempre que possível.
tournaments-rules-swiss-points = Vitória vale 1 ponto, empate ½, derrota 0. Com um número ímpar de jogadores, um jogador folga a cada rodada e ganha 1 ponto por isso; ninguém folga duas vezes enquanto outro ainda puder folgar.
tournaments-rules-swiss-tiebreaks = Em caso de empate nos pontos, desempata a soma dos pontos de todos os adversários que você enfrentou (Buchholz) e, depois, os pontos dos adversários que você venceu mais metade dos pontos daqueles com quem empatou (Sonneborn-Berger). Uma rodada de folga conta no seu Buchholz como uma partida contra alguém com os seus próprios pontos; uma rodada em que o seu adversário folgou conta como empate no dele.
tournaments-rules-round-robin-pairing = Todos jogam contra todos uma vez, numa ordem de rodadas sorteada no início, com brancas e pretas divididas por igual. Com um número ímpar de jogadores, um jogador folga a cada rodada e ganha 1 ponto por isso.
tournaments-rules-round-robin-points = Vitória vale 1 ponto, empate ½, derrota 0. Os empates nos pontos são desfeitos como no suíço: pelos pontos dos adversários (Buchholz) e, depois, pelos pontos dos que você venceu mais metade dos pontos daqueles com quem empatou (Sonneborn-Berger).
tournaments-rules-arena-pairing = { $minutes ->
    [one] Jogue quantas partidas puder em { $minutes } minuto. Quando a sua partida termina, você é emparceirado na hora com alguém que esteja esperando, com pontuação próxima da sua, e não com o mesmo adversário duas vezes seguidas se houver mais alguém esperando.
   *[other] Jogue quantas partidas puder em { $minutes } minutos. Quando a sua partida termina, você é emparceirado na hora com alguém que esteja esperando, com pontuação próxima da sua, e não com o mesmo adversário duas vezes seguidas se houver mais alguém esperando.
}
tournaments-rules-arena-points = Vitória vale 2 pontos, empate 1, derrota 0. Depois de duas vitórias seguidas você entra numa sequência: cada nova vitória vale 4 e cada empate 2, até uma partida que você não vença.
tournaments-rules-arena-end = As partidas ainda em jogo quando o tempo acaba vão até o fim e contam. Em caso de empate nos pontos, fica à frente quem jogou menos partidas.
tournaments-rules-neva-pairing = A cada rodada, os jogadores sentam-se em mesas de quatro (de três quando o número não é divisível por quatro), agrupados pela pontuação para que os líderes se enfrentem e, sempre que possível, separados de quem já dividiu mesa com eles.
tournaments-rules-neva-teams-pairing = Os parceiros jogam como uma dupla, sentados frente a frente (Brancas e Verdes contra Vermelhas e Pretas), e ficam juntos o torneio inteiro. Jogadores que indicaram um ao outro jogam juntos; os demais formam duplas pelo rating. A cada rodada, as duplas enfrentam duplas com pontuação próxima da sua.
tournaments-rules-neva-seats = Os lugares giram entre as rodadas, então cada um faz o primeiro lance na sua vez.
tournaments-rules-neva-points = Os pontos vêm da colocação na mesa: numa mesa de quatro, 3, 2, 1 e 0; numa mesa de três, 3, 1½ e 0. Jogadores que terminam empatados dividem os pontos das suas colocações. Folgar uma rodada vale 1½.
tournaments-rules-neva-teams-points = Vence a dupla cujo jogador mais bem colocado termina à frente: os dois parceiros ganham 3 pontos; um empate dá 1½ a cada um. Uma dupla que folga uma rodada ganha 1½ para cada um.
tournaments-rules-neva-tiebreaks = Os empates nos pontos são desfeitos pelos pontos de todos com quem você dividiu mesa e, depois, pelo número de vitórias.
tournaments-rules-no-show = { $seconds ->
    [one] Se você não fizer o primeiro lance em { $seconds } segundo depois que chegar a sua vez, perde essa partida por W.O.; o torneio continua.
   *[other] Se você não fizer o primeiro lance em { $seconds } segundos depois que chegar a sua vez, perde essa partida por W.O.; o torneio continua.
}
tournaments-rules-rated = As partidas valem rating: mudam o seu rating como qualquer partida que vale rating.
tournaments-rules-casual = As partidas são amistosas: o rating não muda.

## A situação e a contagem regressiva

tournaments-state-registering = Inscrições abertas
tournaments-state-running = Em andamento
tournaments-state-finished = Encerrado
tournaments-state-round = Rodada { $round }
tournaments-state-round-of = Rodada { $round } de { $rounds }
# Antes do início: "Começa em 4:07", "Começa em 2 dias 3 h".
tournaments-starts-in = Começa em { $time }
tournaments-starting = Começando…
tournaments-countdown-now = agora
tournaments-countdown-days = { $days ->
    [one] { $days } dia { $hours } h
   *[other] { $days } dias { $hours } h
}

## A página de um torneio

tournaments-all = ← Todos os torneios
# O título da página até o torneio carregar.
tournaments-tournament = Torneio
tournaments-rated = vale rating
tournaments-casual = amistoso
tournaments-cancelled = Este torneio foi cancelado.
tournaments-see-others = Ver os outros torneios
tournaments-not-found = Torneio não encontrado
tournaments-not-found-why = Talvez tenha sido excluído, ou o endereço está errado.
tournaments-failed = Este torneio não carregou
tournaments-your-game = A sua partida começou:
tournaments-go-to-table = Ir para a sua mesa

tournaments-for-accounts = Os torneios são para quem tem conta.
tournaments-sign-in-to-register = Entre ou crie uma conta para se inscrever.
tournaments-registered = Você está inscrito.
tournaments-playing = Você está jogando.
tournaments-leave = Cancelar inscrição
tournaments-withdraw = Abandonar
tournaments-register = Inscrever-se
# Para quem saiu antes do início e pode se inscrever de novo.
tournaments-rejoin = Voltar
tournaments-closed = As inscrições fecharam quando o torneio começou.
# Torneios em duplas: o nome de usuário do parceiro.
tournaments-partner = Parceiro
tournaments-partner-placeholder = nome de usuário
tournaments-partner-help = Um torneio em duplas: indique o seu parceiro (o nome de usuário dele); ele também se inscreve, indicando você.

tournaments-organise = Organizar
tournaments-organise-help = Você organiza este torneio: até o início, pode alterá-lo, incluir jogadores do computador, começá-lo antes da hora ou cancelá-lo.
tournaments-start-now = Começar agora
tournaments-cancel = Cancelar torneio
tournaments-cancel-confirm = Cancelar este torneio? As inscrições serão removidas.
tournaments-bots = Jogadores do computador
tournaments-bot-level-label = Nível do computador
tournaments-bot-level = Nível { $level }
tournaments-bot-count = Quantos
tournaments-add-bots = Incluir
tournaments-change = Alterar o torneio
tournaments-save = Salvar alterações
tournaments-saved = Salvo.

tournaments-players = Jogadores ({ $count })
tournaments-nobody = Ninguém se inscreveu ainda.
# Depois do nome de um participante num torneio em duplas.
tournaments-with-partner = com { $partner }
tournaments-a-partner = um parceiro
tournaments-withdrawn = (saiu)
tournaments-how = Como funciona
tournaments-download-standings = Classificação (CSV)
tournaments-download-games = Todas as partidas (PDN)

tournaments-standings = Classificação
tournaments-final-standings = Classificação final
tournaments-standings-later = A classificação aparece quando a primeira rodada começar.
tournaments-no-results = Nenhum resultado ainda.
# Os cabeçalhos das colunas da classificação.
tournaments-col-rank = #
tournaments-col-player = Jogador
tournaments-col-points = Pontos
tournaments-col-games = Partidas
tournaments-col-games-title = Partidas jogadas
tournaments-col-wdl = V-E-D
tournaments-col-wdl-title = Vitórias, empates, derrotas
# As colunas de desempate, curtas.
tournaments-tiebreak-buchholz = Buchholz
tournaments-tiebreak-sonneborn-berger = S-B
tournaments-tiebreak-opponents-points = Pts. adv.
tournaments-tiebreak-wins = Vitórias

tournaments-rounds = Rodadas
# Uma arena não tem rodadas: as partidas aparecem no lugar delas.
tournaments-games = Partidas
tournaments-no-games = Nenhuma partida ainda.
tournaments-round = Rodada { $round }
tournaments-sitting-out = De folga:
tournaments-table-playing = Em jogo
# O link para a sala de uma partida terminada, e de uma partida em jogo.
tournaments-table-game = Partida
tournaments-table-watch = Assistir
# O resultado de uma partida na mesa. $names: um ou mais nomes, $count: quantos.
tournaments-result-draw = Empate
tournaments-result-won = { $count ->
    [one] { $names } venceu
   *[other] { $names } venceram
}
tournaments-result-no-show = { $count ->
    [one] { $names } não compareceu
   *[other] { $names } não compareceram
}
# Um jogador cujo nome não se sabe.
tournaments-someone = alguém
