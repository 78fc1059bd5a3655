# Jogadores e ratings: o ranking (/leaderboard), a página de um jogador (/@/<nome>), os nomes
# das categorias de rating (também nas listas de torneios) e como o rating funciona.

## As categorias de rating: um jogo, ou um jogo jogado de certo modo, com rating próprio.

players-pool-stockholm = Estocolmo
# As damas de Estocolmo jogadas pelas regras brasileiras.
players-pool-brazilian = Brasileiras
players-pool-giveandtake = Give and Take
players-pool-queah = Queah
players-pool-neva = Neva
players-pool-neva-teams = Neva em duplas

## Como o rating funciona: no ranking, em "Como o rating funciona", e na página de um jogador.

# Estocolmo, Give and Take e Queah (dois jogadores). $start: o rating inicial, 1500.
players-rules-two = Todo rating começa em { $start }. Vencer um jogador de rating mais alto faz o seu subir mais do que vencer um de rating mais baixo; um empate aproxima os ratings dos dois.
players-rules-neva = Na Neva o rating conta a ordem de chegada: terminar à frente de um jogador faz o seu rating subir, terminar atrás faz cair, e tanto mais quanto mais alto era o rating do outro. Nas partidas em duplas os dois parceiros ficam com o resultado da dupla. O número mostrado é uma estimativa cautelosa (o palpite do servidor sobre a sua força menos três vezes a dúvida dele), por isso ele sobe nas suas primeiras partidas, à medida que o servidor aprende como você joga.
# $example: um rating provisório como as páginas o escrevem ("1500?"); $deviation: um número.
players-rules-provisional = O número depois do ± diz quanto um rating pode estar errado. Um ponto de interrogação, como em { $example }, quer dizer que o rating é provisório: ele vale desde a primeira partida valendo rating e continua provisório enquanto o número depois do ± for { $deviation } ou mais. Isso leva mais partidas contra outros jogadores novos do que contra jogadores de rating firmado, e muito tempo sem jogar uma partida valendo rating traz o ponto de interrogação de volta.
players-rules-opponent-limit = { $games ->
    [one] Só a primeira partida valendo rating por dia contra o mesmo adversário muda o rating
   *[other] Só as primeiras { $games } partidas valendo rating por dia contra o mesmo adversário mudam o rating
} (dias em UTC); as seguintes naquele dia ainda contam como resultado.

## O ranking.

players-lb-title = Ranking
players-lb-intro = Os melhores jogadores de cada jogo pelo rating. Os ratings firmados têm posição; os provisórios ficam numa lista à parte.
players-lb-how = Como o rating funciona
players-lb-progress-means = { $days ->
    [one] O progresso é a mudança no último dia.
   *[other] O progresso é a mudança nos últimos { $days } dias.
}
# As abas das categorias, lidas em voz alta.
players-lb-pools = Categorias de rating
players-loading = Carregando…
# $error: o que deu errado, uma frase do servidor.
players-lb-failed = O ranking não carregou: { $error }
# $pool: o nome da categoria ("Queah", "Neva em duplas").
players-lb-nobody = Ninguém tem ainda um rating firmado em { $pool }.
players-lb-be-first = Jogue partidas valendo rating para ser o primeiro.
# Os títulos das duas tabelas: ratings firmados, com posição, e os provisórios.
players-lb-settled = Firmados
players-lb-provisional = Provisórios
players-col-player = Jogador
players-col-rating = Rating
players-col-games = Partidas
# A mudança de um rating nos últimos dias.
players-col-progress = Progresso

## A página de um jogador.

# $name: o nome procurado no endereço.
players-missing = Não há nenhum jogador chamado { $name } aqui. Só contas têm página: convidados jogam sem uma.
players-failed = Esta página não carregou: { $error }
# $date: o dia em que a conta foi criada, escrito pelo navegador ("7 de dez. de 2026").
players-since = Joga aqui desde { $date }
players-admin = administrador do servidor
players-ratings = Ratings
players-no-ratings = Ainda sem partidas valendo rating. Uma partida vale rating quando isso é escolhido ao criar a sala, entre duas contas, com relógio.
# A dica de um rating com ponto de interrogação.
players-provisional-title = Provisório: ainda não firmado
# (Em português o zero conta como "one" nas regras de plural; aqui ele leva o plural.)
players-games-count = { $count ->
    [0] 0 partidas
    [one] { $count } partida
   *[other] { $count } partidas
}
# O título acima do gráfico de rating: "Rating: Queah".
players-pool-rating = Rating: { $pool }
# Os cartões de rating, lidos em voz alta.
players-pick-rating = Escolha um rating para ver o seu histórico
players-results = Resultados por jogo
players-col-game = Jogo
players-col-won = Vitórias
players-col-drawn = Empates
players-col-lost = Derrotas
players-no-results = Ainda sem partidas terminadas.
players-tournaments = Torneios
# A colocação do jogador num torneio terminado: "2º lugar".
players-placed = { $place }º lugar
players-no-tournaments = Ainda sem torneios.
players-games = Partidas
players-all-games = Todos os jogos
players-result = Resultado
players-any-result = Qualquer resultado
# As páginas das partidas do jogador, lidas em voz alta.
players-pages = Páginas de partidas

## O gráfico de rating na página de um jogador.

# Lido em voz alta: "Rating em Queah ao longo de 3 partidas valendo rating, de 1500 a 1532".
players-graph-summary = { $count ->
    [one] Rating em { $pool } ao longo de { $count } partida valendo rating, de { $first } a { $last }
   *[other] Rating em { $pool } ao longo de { $count } partidas valendo rating, de { $first } a { $last }
}
players-graph-none-in = Ainda sem partidas valendo rating em { $pool }
players-graph-none = Ainda sem partidas valendo rating
