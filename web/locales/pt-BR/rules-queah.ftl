# As regras do Queah em palavras simples (a página /rules/queah). As casas têm nomes como
# as de um tabuleiro de xadrez (a1, c3, e5); um lance se escreve b2-c3, uma captura a1xc3,
# e uma peça trazida da reserva para c1 antes do lance, @c1,a1xc3. O nome do jogo não se
# traduz.

rules-queah-title = Queah
rules-queah-intro-1 = Queah é um jogo da Libéria para dois jogadores em um tabuleiro pequeno de 13 casas. Cada jogador tem dez peças, mas só quatro ficam no tabuleiro de cada vez: as outras esperam em uma reserva e voltam à medida que as peças são perdidas.

rules-queah-board = O tabuleiro
rules-queah-board-1 = O tabuleiro é um quadrado apoiado em uma ponta, com uma casa a mais ao lado de cada um dos seus lados: 13 casas, com nomes como os das casas escuras de um tabuleiro 5×5 (a1, c1, e1, b2 e assim por diante até e5), com c3 no centro. As linhas mostram por onde as peças podem andar.
rules-queah-board-2 = As Brancas começam com quatro peças em c1, e1, b2 e d2; as Pretas, com quatro em a5, c5, b4 e d4. As outras seis peças de cada jogador ficam na reserva, ao lado do tabuleiro. As Brancas jogam primeiro.
rules-queah-board-caption = A posição inicial, com a reserva de cada jogador à direita.

rules-queah-moves = Como as peças andam
rules-queah-moves-1 = Na sua vez, mova uma peça um passo ao longo de uma linha para uma casa vizinha vazia, em qualquer direção: no Queah não existe frente nem trás.
rules-queah-moves-caption = As Brancas jogaram b2-c3: a casa de onde a peça saiu fica destacada, e um anel marca aonde ela foi.

rules-queah-capture = Captura
rules-queah-capture-1 = Para capturar, salte em linha reta sobre uma peça adversária vizinha para a casa vazia atrás dela. A peça capturada sai do jogo de vez.
rules-queah-capture-2 = Só uma peça pode ser capturada por vez: não há saltos múltiplos. Capturar ou não é escolha sua, a não ser que a sala torne a captura obrigatória.

rules-queah-drops = Trazer peças de volta
rules-queah-drops-1 = Quando você perde uma peça, a sua vez seguinte começa trazendo uma peça da reserva para qualquer casa vazia: clique na sua reserva e depois na casa. Em seguida você faz um lance normal, que pode ser feito com a peça que acabou de voltar. Assim você mantém quatro peças no tabuleiro enquanto a reserva durar.

rules-queah-no-reverse = Sem voltar direto para trás
rules-queah-no-reverse-1 = Uma peça não pode voltar direto para a casa de onde veio na sua vez anterior. Depois que você mover outra peça, ela pode. Essa regra nunca impede capturas nem peças trazidas da reserva.

rules-queah-end = Vitória
rules-queah-end-1 = Você vence quando o adversário não tem mais peças, nem no tabuleiro nem na reserva, ou não consegue fazer nenhum lance na vez dele.
rules-queah-end-2 = Se a mesma posição se repetir três vezes, ou se passarem 40 lances sem captura e sem peça trazida de volta, a partida termina: vence quem tiver mais peças (no tabuleiro e na reserva), e números iguais dão empate.

rules-queah-example-game = Uma partida lance a lance
rules-queah-example-game-1 = Uma partida inteira desde o início, jogada pelo próprio motor de regras deste servidor: capturas, peças trazidas de volta da reserva depois de cada perda, e o final. Use os botões (ou as setas do teclado no tabuleiro) para avançar e voltar.

## As opções de uma sala, com os nomes do formulário de criação: cada parágrafo começa com
## o nome da opção e dois-pontos (em negrito).

rules-queah-option-edge-ring = Linhas na borda: acrescenta linhas retas entre casas vizinhas do anel de fora (de a1 a c1, de c1 a e1 e assim por diante em volta do tabuleiro), para que as peças também andem e capturem pela borda.
rules-queah-option-edge-centre = Linhas até o centro: acrescenta linhas retas da casa central c3 até c1, a3, e3 e c5.
rules-queah-option-centre = Linhas em volta do centro: acrescenta linhas retas ligando as quatro casas em volta do centro (b2, d2, d4, b4).
rules-queah-option-capture-mandatory = Captura obrigatória: quando puder capturar, você tem que capturar. Desligada por padrão, como no jogo tradicional.
rules-queah-option-drop-timing = Quando a peça perdida volta: no início da sua vez seguinte, antes do lance (a regra usual); depois do lance; no lugar do lance (trazer a peça é a vez inteira); ou quando você quiser, em uma vez posterior, também como vez inteira, enquanto tiver menos de quatro peças no tabuleiro.
rules-queah-option-dropped-piece-may-move = Quando você traz uma peça de volta antes do lance, essa mesma peça pode fazer o lance (a regra usual); com a opção desligada, você tem que mover outra peça.
rules-queah-option-no-reverse-move = Sem voltar direto para trás: uma peça não pode voltar logo em seguida para a casa de onde acabou de sair (ligada por padrão).
rules-queah-option-repetition = Repetição: a partida termina quando a mesma posição se repete este número de vezes, e vence quem tiver mais peças (0 desliga a regra).
rules-queah-option-no-progress = Sem progresso: a partida termina depois deste número de lances sem captura e sem peça trazida de volta, e vence quem tiver mais peças (0 desliga a regra).

## Posições para tentar: a pergunta e o que a página diz do lance jogado (`$move`, na
## notação descrita acima).

rules-queah-drop-ask = As Brancas perderam uma peça na última vez das Pretas. Traga uma peça da reserva das Brancas e depois faça o lance.
rules-queah-drop-right = Certo: { $move }. Você trouxe uma peça de volta para uma casa vazia e depois fez o seu lance.
rules-queah-drop-wrong = Você perdeu uma peça: primeiro traga uma da reserva para uma casa vazia, depois jogue.
rules-queah-no-reverse-ask = A peça branca em c3 veio de d2 na última vez das Brancas. Faça qualquer lance que as Brancas possam fazer.
rules-queah-no-reverse-right = Certo: { $move } é permitido.
rules-queah-no-reverse-wrong = Não é permitido: { $move } volta direto para a casa de onde a peça veio na sua vez anterior.

## A partida de exemplo: o título e os comentários embaixo de alguns lances.

rules-queah-example-title = Uma partida de exemplo
rules-queah-example-4 = A primeira captura: as Pretas saltam sobre c3. Agora as Brancas devem trazer uma peça da reserva.
rules-queah-example-5 = As Brancas primeiro trazem uma peça de volta para b2 e depois capturam na mesma vez.
rules-queah-example-6 = As Pretas fazem o mesmo: uma peça de volta em d2 e depois uma captura.
rules-queah-example-17 = Uma captura sem peça trazida de volta: as Brancas não têm mais nenhuma peça na reserva.
rules-queah-example-22 = As Brancas não têm mais nada, nem no tabuleiro nem na reserva: as Pretas vencem.
