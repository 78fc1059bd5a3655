# As regras do Give and Take em palavras simples: a página /rules/giveandtake.
# A notação dos lances ("c3c4", "e5xe8xe2", "4...b3xb1") e os nomes das casas ("f5") não mudam.

rules-giveandtake-title = Give and Take
rules-giveandtake-intro = O Give and Take ("dar e tomar", em inglês) foi inventado por Christopher Elis em 1999. Joga-se como as damas turcas, nas 64 casas do tabuleiro, com pedras que andam para a frente e para os lados, e tem duas regras especiais: a captura só é obrigatória sobre a peça que acabou de se mover, e a última peça de um jogador vira dama.

rules-giveandtake-board-title = O tabuleiro
rules-giveandtake-board-1 = Usam-se as 64 casas. As 16 pedras das brancas começam na segunda e na terceira fileiras; as das pretas, na sexta e na sétima. As brancas começam.
# Embaixo do diagrama da posição inicial.
rules-giveandtake-board-caption = A posição inicial.

rules-giveandtake-men-title = Pedras
rules-giveandtake-men-1 = A pedra anda uma casa para a frente ou para o lado, nunca para trás e nunca na diagonal.
rules-giveandtake-men-2 = Ela captura saltando sobre uma peça adversária vizinha, para a frente ou para o lado, até a casa vazia logo atrás, e pode continuar saltando, uma peça a cada salto. Depois de começada, a captura deve continuar enquanto for possível. Não é obrigatório capturar o maior número de peças.

rules-giveandtake-hot-title = Capture a peça que acabou de se mover
rules-giveandtake-hot-1 = A captura só é obrigatória quando a peça que o adversário acabou de mover pode ser tomada no primeiro salto de uma das suas peças: então você deve capturá-la (e continuar saltando enquanto puder). Qualquer outra captura é permitida, mas nunca obrigatória, e quando houver as duas, você deve fazer a obrigatória.

rules-giveandtake-kings-title = Damas
rules-giveandtake-kings-1 = A pedra cujo lance termina na última fileira vira dama. Uma pedra que chega à última fileira no meio de uma captura continua capturando como pedra e é coroada quando o lance termina.
rules-giveandtake-kings-2 = A dama anda como a torre do xadrez: quantas casas vazias quiser ao longo de uma fileira ou coluna, para trás também. Ela captura à distância: ao longo de uma linha, sobre uma peça adversária, parando em qualquer casa vazia atrás dela. As peças capturadas saem do tabuleiro na hora, então a dama pode dar meia-volta e passar de novo pelas casas delas no mesmo lance. Se a dama puder parar numa casa de onde capture de novo, ela é obrigada a parar ali.

rules-giveandtake-last-title = A última peça vira dama
rules-giveandtake-last-1 = Quando um jogador fica com uma única peça e ela é uma pedra, ela vira dama na hora, onde está. Isso rende sacrifícios loucos, como nesta partida entre Christopher Elis (brancas) e John McCallion: as brancas entregam pedra após pedra até sobrar só a pedra de f5, que vira dama e depois captura as nove peças pretas num só lance.

rules-giveandtake-end-title = Como ganhar
rules-giveandtake-end-1 = Você ganha capturando todas as peças do adversário ou deixando-o sem lance. A partida termina empatada por acordo, quando a mesma posição se repete três vezes ou depois de 50 lances de cada lado sem captura e sem movimento de pedra.

## As opções de uma sala: cada parágrafo começa com o nome da opção e dois-pontos, como o
## formulário de criar sala a chama (a página mostra essa parte em negrito).

rules-giveandtake-opt-repetition = Repetição: a partida termina empatada quando a mesma posição se repete este número de vezes (0 desliga a regra).
rules-giveandtake-opt-no-progress = Sem progresso: a partida termina empatada depois deste número de lances de cada lado sem captura e sem movimento de pedra (0 desliga a regra).
rules-giveandtake-opt-hot-trigger = Quando a captura é obrigatória: quando a peça que acabou de se mover pode ser tomada no seu primeiro salto (a regra usual) ou quando pode ser tomada em qualquer ponto de uma captura.
rules-giveandtake-opt-hot-capture = O que a captura obrigatória deve fazer: tomar a peça que acabou de se mover em qualquer salto da captura (a regra usual) ou já no primeiro salto.
rules-giveandtake-opt-lone-man = A última peça: uma pedra vira dama na hora quando é a única peça do jogador (a regra usual) ou quando é a última pedra dele, sem contar as damas.
rules-giveandtake-opt-removal = Peças capturadas: saem do tabuleiro na hora (a regra usual), e as casas delas podem ser cruzadas de novo; ou ficam até o fim de toda a captura.
rules-giveandtake-opt-king-reversal = Uma dama que captura pode dar meia-volta entre os saltos (a regra usual); desligada, ela não pode voltar direto para trás.
rules-giveandtake-opt-king-landing = Depois de um salto, a dama deve parar numa casa de onde possa saltar de novo, se houver uma (a regra usual), ou pode parar em qualquer casa vazia atrás da peça capturada.

## Posições para tentar: a pergunta e depois o que a página diz do lance feito.
## `$n` é quantas peças o lance tomou; `$most`, quantas a melhor captura toma.

rules-giveandtake-try-hot-ask = Depois de 1.c3c4 c6c5, é a vez das brancas. O que as brancas são obrigadas a jogar?
rules-giveandtake-try-hot-right = Certo: a pedra preta que acabou de ir para c5 pode ser tomada, então as brancas são obrigadas a capturá-la e seguir saltando: c4xc6xc8, onde a pedra vira dama.
rules-giveandtake-try-hot-wrong = Não é permitido: a peça que o adversário acabou de mover (c5) pode ser tomada, então você deve capturá-la e seguir saltando enquanto puder.

rules-giveandtake-try-king-ask = A dama branca em e5 pode capturar as quatro peças pretas num só lance. Clique nos saltos um a um.
rules-giveandtake-try-king-right = Certo: a dama captura todas as peças pretas, dando meia-volta duas vezes e cruzando casas que acabou de esvaziar, como em e5xe8xe2xa2xh2.
rules-giveandtake-try-king-fewer = Essa captura é permitida, mas toma { $n ->
    [one] { $n } peça
   *[other] { $n } peças
}: a dama pode tomar { $most ->
    [one] { $most } peça
   *[other] { $most } peças
}. As peças capturadas somem na hora, então a dama pode dar meia-volta.
rules-giveandtake-try-king-quiet = Esse lance é permitido, mas não captura nada: a dama pode tomar { $most ->
    [one] { $most } peça
   *[other] { $most } peças
}. Comece com um salto sobre uma peça preta.

rules-giveandtake-try-mccallion-ask = A posição depois de 4...b3xb1: a última pedra branca, em f5, acabou de virar dama. Capture as nove peças pretas.
rules-giveandtake-try-mccallion-right = Certo: a dama solitária varre o tabuleiro, como jogou John McCallion: f5xa5xa7xh7xh1xe1xa1xa4xd4xf4.
rules-giveandtake-try-mccallion-fewer = Essa captura é permitida, mas toma { $n ->
    [one] { $n } peça
   *[other] { $n } peças
}; a dama pode tomar { $most ->
    [one] { $most } peça
   *[other] { $most } peças
}, todas as peças pretas.
rules-giveandtake-try-mccallion-quiet = Esse lance é permitido, mas não captura nada; a dama pode tomar { $most ->
    [one] { $most } peça
   *[other] { $most } peças
}, todas as peças pretas.

## A partida para acompanhar: o título e notas sobre alguns lances (pelo número).

rules-giveandtake-game-mccallion-title = Elis – McCallion
rules-giveandtake-game-mccallion-1 = As brancas põem uma pedra onde as pretas são obrigadas a tomá-la: a peça que acabou de se mover pode ser capturada.
rules-giveandtake-game-mccallion-2 = As pretas tomam duas pedras.
rules-giveandtake-game-mccallion-3 = Mais um presente, e as pretas são obrigadas a aceitá-lo.
rules-giveandtake-game-mccallion-4 = Tomada.
rules-giveandtake-game-mccallion-5 = E mais uma.
rules-giveandtake-game-mccallion-6 = A pedra preta toma duas e vira dama em f1.
rules-giveandtake-game-mccallion-7 = As brancas entregam a penúltima pedra.
rules-giveandtake-game-mccallion-8 = As pretas a tomam e fazem dama em b1. A única peça branca, a pedra de f5, vira dama na hora.
rules-giveandtake-game-mccallion-9 = A dama captura as nove peças pretas num só lance: as brancas ganham.
