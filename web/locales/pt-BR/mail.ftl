# Os e-mails que o servidor envia a uma conta, no idioma da conta: o link que confirma um
# endereço e a lista diária das partidas por correspondência que esperam o seu lance.
# Texto simples; cada mensagem é uma linha ou um parágrafo do e-mail.

## O e-mail que confirma um endereço.

mail-verify-subject = Confirme o seu endereço no Checkerhall
# $name é o nome do jogador no site.
mail-verify-hello = Olá, { $name },
# O link vem na linha seguinte.
mail-verify-ask = Para receber uma vez por dia um e-mail com as suas partidas por correspondência que esperam o seu lance, confirme este endereço abrindo o link abaixo (ele funciona uma vez, durante dois dias):
mail-verify-ignore = Se você não pediu isso, ignore este e-mail: nada mais será enviado.

## O e-mail diário das partidas que esperam o lance do leitor.

# O assunto, que é também a primeira linha do e-mail.
mail-digest-subject = { $count ->
    [one] { $count } partida por correspondência espera o seu lance
   *[other] { $count } partidas por correspondência esperam o seu lance
}
# Uma partida da lista: $game é o nome do jogo, $opponents os nomes dos adversários.
mail-digest-against = { $game } contra { $opponents }
# Depois de uma partida com prazo: $time aparece como "2026-12-07 13:05 UTC".
mail-digest-move-by = lance até { $time }
mail-digest-why = Você recebe este e-mail no máximo uma vez por dia, quando há partidas esperando por você.
# $link interrompe os e-mails.
mail-digest-stop = Para não receber mais, abra: { $link }

## Os nomes dos jogos.

mail-game-neva = Damas Neva
mail-game-queah = Queah
mail-game-giveandtake = Give and Take
mail-game-stockholm = Damas de Estocolmo
