# As regras das Damas Neva em palavras simples (a página /rules/neva). Brancas, Vermelhas,
# Verdes e Pretas são as cores dos jogadores; Manhã, Dia, Tarde e Noite, os cantos de
# cada um. As casas têm nomes de dois algarismos (25); um lance se escreve 25-24, uma
# captura 33:13.

rules-neva-title = Damas Neva
rules-neva-intro-1 = Damas Neva é um jogo de damas para quatro jogadores em um tabuleiro de 36 casas, inventado por Valery Trubitsyn em Leningrado, em 1987. Cada jogador tem seis pedras em um canto do tabuleiro, e os cantos têm nomes de períodos do dia: as Brancas jogam a partir da Manhã, as Vermelhas do Dia, as Verdes da Tarde e as Pretas da Noite.
rules-neva-intro-2 = Cada um joga por si, ou dois contra dois. Nas salas também dá para jogar em dois ou em três.

rules-neva-board = O tabuleiro e as peças
rules-neva-board-1 = As 36 casas formam um losango. Cada casa tem um nome de dois algarismos, como 25: as peças andam pelas linhas do losango, e cada passo muda um dos dois algarismos em um (a 25 é vizinha da 15, da 35, da 24 e da 26).
rules-neva-board-2 = Cada jogador começa com seis pedras no seu canto: as Brancas em volta da 16, as Vermelhas em volta da 66, as Verdes em volta da 61 e as Pretas em volta da 11. As doze casas do meio começam vazias.
# Embaixo do diagrama da posição inicial: as peças de cada cor têm um desenho próprio.
rules-neva-board-caption = A posição inicial: as Brancas (lisas) embaixo e, em volta do tabuleiro, as Vermelhas (pontos), as Verdes (listras) e as Pretas (quadriculadas).

rules-neva-turns = A vez de cada um
rules-neva-turns-1 = Os jogadores jogam na ordem do dia: Manhã (Brancas), Dia (Vermelhas), Tarde (Verdes), Noite (Pretas) e de novo Manhã. Quem começa é sorteado. Nunca se responde fora da vez: se as Vermelhas capturam uma peça das Brancas, as Brancas esperam as Verdes e as Pretas jogarem.
rules-neva-turns-2 = Quem está fora do jogo é pulado; os outros mantêm a ordem.

rules-neva-men = Como as pedras andam
rules-neva-men-1 = A pedra anda uma casa para a frente, rumo ao canto oposto ao seu. Cada cor tem duas direções para a frente: as Brancas vão para a 61, as Vermelhas para a 11, as Verdes para a 16 e as Pretas para a 66. As pedras nunca andam para trás.

rules-neva-capture = Captura
rules-neva-capture-1 = A pedra captura saltando sobre uma peça vizinha de qualquer outro jogador para a casa vazia logo atrás dela, em qualquer uma das quatro direções, inclusive para trás. Se puder saltar de novo, tem que continuar; entre um salto e outro pode virar à esquerda ou à direita, mas nunca voltar em linha reta. Um único lance pode capturar peças de vários jogadores.
rules-neva-capture-2 = As peças capturadas ficam no tabuleiro até o lance terminar: não podem ser saltadas duas vezes e bloqueiam o caminho.
rules-neva-capture-3 = A captura é obrigatória: se você pode capturar uma peça, tem que capturar. A pedra pode escolher qualquer captura, não só a mais longa.

rules-neva-kings = Damas
rules-neva-kings-1 = A pedra cujo lance termina no seu canto de destino (Brancas na 61, Vermelhas na 11, Verdes na 16, Pretas na 66) vira dama, e a vez passa adiante. A pedra que só passa pelo canto no meio de uma captura e continua saltando segue sendo pedra.
rules-neva-kings-2 = A dama anda qualquer distância em linha por casas vazias. Ela captura de longe: em linha, por cima de uma peça, parando em qualquer casa vazia atrás dela, e continua capturando enquanto puder. A dama que captura tem que tomar o máximo de peças possível; a pedra, não.

rules-neva-end = Eliminação e vitória
rules-neva-end-1 = O jogador que perde todas as peças está fora do jogo. Pelas regras usuais, também está fora quem tem peças mas nenhum lance na sua vez, e quem desiste, sai ou fica sem tempo: as peças dele são retiradas.
rules-neva-end-2 = Vence o último jogador que sobrar. Os outros são classificados na ordem inversa da eliminação; jogadores eliminados pelo mesmo lance dividem a colocação. A partida empata se todos os jogadores restantes concordarem, se a mesma posição se repetir três vezes ou depois de 15 rodadas completas só com lances de dama e sem captura.

rules-neva-teams = Em duplas
rules-neva-teams-1 = Com quatro jogadores dá para jogar dois contra dois: Brancas e Verdes contra Vermelhas e Pretas. Os parceiros ficam em cantos opostos, então as duplas jogam alternadamente. Cada jogador só move as próprias peças.
rules-neva-teams-2 = As peças do parceiro podem ser capturadas, e você tem que capturá-las quando puder, como as de um adversário: um bom parceiro aproveita isso para armar combinações. Uma dupla vence quando os dois adversários estão fora.

rules-neva-training-game = Uma partida lance a lance
rules-neva-training-game-1 = A partida de treino do inventor, lance a lance. Use os botões (ou as setas do teclado no tabuleiro) para avançar e voltar.

## As opções de uma sala, com os nomes do formulário de criação: cada parágrafo começa com
## o nome da opção e dois-pontos (em negrito).

rules-neva-option-seats = Lugares: quais cores jogam. As quatro; três (um canto fica vazio, a Noite por padrão); ou duas, em cantos opostos, Manhã e Tarde, cada uma correndo para o canto da outra.
rules-neva-option-teams = Duplas: Brancas e Verdes jogam juntas contra Vermelhas e Pretas (só com quatro jogadores). As peças do parceiro têm que ser capturadas como as de qualquer um.
rules-neva-option-blocked = Jogador sem lance: fica fora do jogo (a regra usual), passa a vez e continua, ou passa a vez enquanto houver três ou mais jogadores, mas fica fora quando só restarem dois.
rules-neva-option-departed = Jogador que desiste, sai ou fica sem tempo: as peças dele saem do tabuleiro (a regra usual) ou ficam como obstáculos que nunca se movem, mas podem — e devem — ser capturados como qualquer outra peça.
rules-neva-option-repetition = Repetição: a partida empata quando a mesma posição, com o mesmo jogador na vez, se repete este número de vezes (0 desliga a regra).
rules-neva-option-no-progress = Sem progresso: a partida empata depois deste número de rodadas completas em que só damas se moveram e nada foi capturado (0 desliga a regra).

## Posições para tentar: a pergunta e o que a página diz do lance jogado.

rules-neva-capture-back-ask = Vez das Brancas. A pedra vermelha na 23 está logo atrás da pedra branca na 33. O que as Brancas têm que jogar?
rules-neva-capture-back-right = Certo: a captura é obrigatória, e a pedra pode capturar para trás. 33:13 captura a pedra vermelha.
rules-neva-capture-back-wrong = Não é permitido: a captura é obrigatória, e a pedra pode capturar em todas as direções, inclusive para trás. Olhe atrás da pedra na 33.
rules-neva-crown-ask = Vez das Brancas. Promova uma pedra branca: qual lance faz uma dama?
rules-neva-crown-right = Certo: 62-61 termina no canto de destino das Brancas, então a pedra vira dama.
rules-neva-crown-other = Esse lance é permitido, mas não promove nenhuma pedra. As pedras brancas são promovidas no canto 61.

## A partida de treino: o título e os comentários embaixo de alguns lances.

rules-neva-training-title = Partida de treino (V. Trubitsyn)
rules-neva-training-4-black = Qualquer lance custa algo às Pretas, que entregam uma pedra na lateral do tabuleiro.
rules-neva-training-5-white = As Brancas oferecem uma peça: cada um dos três jogadores seguintes agora só tem um lance, uma captura obrigatória.
rules-neva-training-5-red = Uma captura forçada.
rules-neva-training-5-green = Uma captura forçada.
rules-neva-training-5-black = Uma captura forçada, e está tudo pronto para as Brancas.
rules-neva-training-6-white = A combinação das Brancas: seis peças de três jogadores em um só lance, saltando duas vezes para trás e passando pelo próprio canto 61 sem ser promovida.
rules-neva-training-6-green = As Verdes, com só duas pedras, deixam as Pretas capturá-las.
rules-neva-training-6-black = As Pretas capturam quatro peças e terminam no seu canto 66: dama. As Verdes estão fora.
rules-neva-training-7-black = A nova dama captura duas peças de longe, ao longo de uma linha.
rules-neva-training-8-white = As Brancas esperam promover uma pedra na 61.
rules-neva-training-10-red = As Vermelhas, prestes a perder, usam o último lance para complicar a vida das Pretas. As Pretas capturam: as Vermelhas estão fora.
rules-neva-training-11-white = As Brancas fazem dama na 61, mas as Pretas têm uma armadilha pronta para a nova dama.
rules-neva-training-12-black = A dama das Pretas captura a dama das Brancas.
rules-neva-training-14-black = As Brancas têm só duas pedras contra uma dama e uma pedra.
rules-neva-training-resign = As Brancas desistem: as Pretas vencem a partida.
