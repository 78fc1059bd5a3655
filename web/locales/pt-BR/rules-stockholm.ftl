# As regras das damas de Estocolmo em palavras simples: a página /rules/stockholm.
# A notação dos lances ("f2xh4xf6") e os nomes das casas ("e5") não mudam.

rules-stockholm-title = Damas de Estocolmo
rules-stockholm-intro = As damas de Estocolmo foram inventadas por Mats Winther em 2017. São as damas brasileiras (as regras das damas internacionais no tabuleiro 8×8) com uma só mudança: a pedra só pode capturar para trás mais adiante numa captura, nunca no primeiro salto.

rules-stockholm-board-title = O tabuleiro
rules-stockholm-board-1 = Joga-se nas 32 casas escuras; a casa do canto a1 é escura. Cada jogador tem 12 pedras nas três fileiras mais próximas de si. As brancas começam.
# Embaixo do diagrama da posição inicial.
rules-stockholm-board-caption = A posição inicial.

rules-stockholm-men-title = Pedras
rules-stockholm-men-1 = A pedra anda uma casa na diagonal, para a frente.
rules-stockholm-men-2 = Ela captura saltando sobre uma peça adversária vizinha na diagonal até a casa vazia logo atrás, e deve continuar saltando enquanto puder. O primeiro salto de uma captura de pedra deve ser para a frente; depois dele, ela pode saltar para trás também. Essa é a única diferença em relação às damas brasileiras.

rules-stockholm-deferred-title = Primeiro salto nunca para trás: Estocolmo contra as brasileiras
rules-stockholm-deferred-1 = Nas damas brasileiras, a pedra pode capturar para trás em qualquer salto. Nesta posição, as regras brasileiras obrigariam a pedra branca de e5 a tomar três peças, começando com um salto para trás (e5xc3xa5xc7). Nas damas de Estocolmo esse primeiro salto para trás não é permitido, então a maior captura possível para as brancas toma duas: f2xh4xf6.

rules-stockholm-longest-title = A captura maior
rules-stockholm-longest-1 = A captura é obrigatória, e você deve escolher uma captura que tome o maior número de peças; pedras e damas valem o mesmo. Entre capturas do mesmo tamanho, a escolha é livre.
rules-stockholm-longest-2 = As peças capturadas só saem do tabuleiro quando o lance termina: uma peça não pode ser saltada duas vezes, e as peças tomadas bloqueiam o caminho.

rules-stockholm-kings-title = Damas
rules-stockholm-kings-1 = A pedra cujo lance termina na última fileira vira dama. Uma pedra que chega à última fileira no meio de uma captura e ainda pode saltar continua como pedra.
rules-stockholm-kings-2 = As damas voam: andam quantas casas quiserem na diagonal, para a frente e para trás, e capturam à distância, sobre uma peça, parando em qualquer casa vazia atrás dela.

rules-stockholm-end-title = Como ganhar
rules-stockholm-end-1 = Você ganha capturando todas as peças do adversário ou deixando-o sem lance. A partida termina empatada por acordo, quando a mesma posição se repete três vezes ou depois de 25 lances de cada lado só com damas e sem captura.

rules-stockholm-example-title = Uma partida para acompanhar
rules-stockholm-example-1 = Uma partida inteira desde o início, jogada pelo próprio motor de regras deste servidor: trocas, capturas duplas, uma dama coroada que captura à distância e a última peça tomada. Use os botões (ou as setas do teclado no tabuleiro) para avançar e voltar.

## As opções de uma sala: cada parágrafo começa com o nome da opção e dois-pontos, como o
## formulário de criar sala a chama (a página mostra essa parte em negrito).

rules-stockholm-opt-deferred = Primeiro salto nunca para trás: a captura de uma pedra deve começar para a frente (damas de Estocolmo). Desligada, as pedras capturam para trás em qualquer salto: são as damas brasileiras.
rules-stockholm-opt-max-capture = Captura maior: você deve tomar o maior número de peças possível (ligada por padrão). Desligada, a captura continua obrigatória, mas qualquer captura serve.
rules-stockholm-opt-king-halt = Parada da dama: no último salto de uma captura, a dama deve parar na casa logo atrás da última peça que toma (desligada por padrão).
rules-stockholm-opt-repetition = Repetição: a partida termina empatada quando a mesma posição se repete este número de vezes (0 desliga a regra).
rules-stockholm-opt-no-progress = Sem progresso: a partida termina empatada depois deste número de lances de cada lado só com damas e sem captura (0 desliga a regra).

## Posições para tentar: a pergunta e depois o que a página diz do lance feito.

rules-stockholm-try-deferred-ask = As brancas jogam, pelas regras de Estocolmo. Que captura as brancas são obrigadas a fazer?
rules-stockholm-try-deferred-right = Certo: f2xh4xf6 toma duas, o máximo que uma captura pode tomar aqui quando o primeiro salto da pedra tem de ser para a frente.
rules-stockholm-try-deferred-wrong = Não nas damas de Estocolmo: a pedra não pode capturar para trás no primeiro salto. Nas damas brasileiras essa captura de três peças seria obrigatória; aqui a maior captura permitida toma duas.

rules-stockholm-try-longest-ask = As brancas jogam. Duas pedras brancas podem capturar: que captura as brancas são obrigadas a fazer?
rules-stockholm-try-longest-right = Certo: c3xe5xg7 toma duas peças, o máximo que as brancas podem tomar.
rules-stockholm-try-longest-wrong = Não é permitido: é obrigatório fazer a captura maior, e outra captura toma mais peças.

## A partida para acompanhar: o título e notas sobre alguns lances (pelo número).

rules-stockholm-game-example-title = Uma partida de exemplo
rules-stockholm-game-example-5 = A primeira captura: as brancas tomam em b4 e param em a5.
rules-stockholm-game-example-8 = A pedra preta toma duas num só lance, virando em e5.
rules-stockholm-game-example-38 = Outra captura dupla das pretas, que termina em f2, a um passo da fileira de coroação.
rules-stockholm-game-example-40 = A pedra preta chega à última fileira em e1 e é coroada dama.
rules-stockholm-game-example-42 = A dama captura à distância, voando pela diagonal sobre g3 até h4.
rules-stockholm-game-example-46 = A última peça das brancas é tomada: as pretas ganham.
