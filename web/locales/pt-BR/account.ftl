# Entrar, a página da conta, suas configurações e e-mails, e entrar numa sala por convite.

account-title = Conta
account-banned = Você foi banido deste servidor.

## Um visitante guarda a sua identidade (cria uma conta) ou entra numa conta.

account-username = Nome de usuário
account-display-name = Nome que os outros veem
# Texto de exemplo do campo vazio "Nome que os outros veem".
account-display-name-same = Igual ao nome de usuário
account-password = Senha
account-invite-code = Código de convite
account-claim-title = Guardar esta identidade
# $name é o nome do visitante, por exemplo "Guest-4f2a".
account-claim-help = Você joga como o visitante { $name }. Escolha um nome de usuário e uma senha para guardar este nome e as suas partidas, e para entrar de outros aparelhos.
account-username-help = De 2 a 20 letras sem acento, números, _ ou -.
account-display-name-help = Aparece na hora nas suas salas e partidas; você pode mudá-lo quando quiser.
account-password-help = Pelo menos 8 caracteres.
account-claim-submit = Criar conta
# Aviso depois que a conta foi criada; $reason é a explicação do servidor.
account-name-refused = A sua conta foi criada, mas o nome foi recusado: { $reason }
account-login-title = Entrar
account-login-help = Já tem uma conta? Entre para jogar com ela neste aparelho.
account-login-submit = Entrar

## A página de um membro. "Conectado como" vem seguido do nome de usuário, em negrito.

account-logged-in-as = Conectado como
account-role-admin = (administrador)
account-shown-as = os outros veem o nome { $name }
account-logout = Sair

account-password-title = Mudar a senha
account-current-password = Senha atual
account-new-password = Nova senha
account-new-password-again = Repita a nova senha
account-password-others = Todos os outros aparelhos conectados a esta conta serão desconectados.
account-password-submit = Mudar a senha
account-passwords-differ = As duas novas senhas são diferentes.
# $count: quantos outros aparelhos foram desconectados pela mudança.
account-password-changed = { $count ->
    [0] Senha alterada.
    [one] Senha alterada; { $count } outro aparelho foi desconectado.
   *[other] Senha alterada; { $count } outros aparelhos foram desconectados.
}

account-devices-title = Aparelhos
account-devices-help = Onde esta conta está conectada. Desconecte um aparelho que você não reconhece.
account-devices-device = Aparelho
account-devices-since = Conectado em
account-this-device = (este aparelho)
account-revoke = Desconectar
# Um navegador num sistema, cada um pelo seu nome: "Firefox no Linux".
account-device-on = { $browser } no { $os }
account-device-unknown = Aparelho desconhecido

account-language-title = Idioma
account-language-help = O site e os e-mails que ele envia ficam neste idioma em qualquer aparelho em que você entrar.
account-language-label = Idioma desta conta

## O painel "Partidas esperando por você": notificações neste navegador e o e-mail diário.

account-waiting-title = Partidas esperando por você
account-notify-title = Neste navegador
account-notify-on = Parar de me avisar aqui
account-notify-off = Avisar-me aqui
account-notify-unsupported = Este navegador não mostra notificações.
account-notify-denied = Este navegador bloqueia as notificações deste site; permita-as nas configurações dele.
account-notify-state-on = Este navegador avisa quando chega a sua vez numa partida enquanto você está em outra coisa.
account-notify-state-off = Receba uma notificação neste navegador quando chegar a sua vez numa partida enquanto você está em outra coisa.

account-mail-title = Por e-mail
account-mail-address = Endereço de e-mail
account-mail-send-link = Enviar o link
account-mail-change = Mudar o endereço
account-mail-stop = Parar os e-mails
account-mail-again = Voltar a receber e-mails
account-mail-remove = Remover o endereço
account-mail-off = Este servidor não envia e-mails.
account-mail-none = Informe um endereço para receber, uma vez por dia, a lista das partidas por correspondência que esperam o seu lance.
account-mail-unverified = Enviamos um link para { $address }. Abra-o para confirmar o endereço.
account-mail-unsubscribed = Os e-mails para { $address } estão desativados.
account-mail-on = As partidas que esperam o seu lance são enviadas para { $address } uma vez por dia.
# Vem depois de account-mail-on; $when é uma data e hora.
account-mail-last = Último envio: { $when }.
# Avisos quando um link de um e-mail trouxe a pessoa à página da conta.
account-mail-verified = O seu endereço foi confirmado: as partidas que esperam o seu lance serão enviadas por e-mail uma vez por dia.
account-mail-unsubscribed-link = Você não receberá mais e-mails sobre as suas partidas. Pode reativá-los aqui quando quiser.
account-mail-bad-link = Esse link é desconhecido, já foi usado ou é antigo demais. Peça um novo abaixo.

## Entrar numa sala por um link de convite (/join/<código>).

account-join-title = Convite
account-joining = Entrando com o código de convite { $code }…
account-join-gone = Este convite não vale mais: a sala não existe mais ou o código foi digitado errado.
account-join-back = Voltar ao lobby: jogar agora ou encontrar uma sala aberta
