# As frases dos códigos de erro do servidor: uma mensagem por código (`error-` e o código
# como ele vai na conexão). O código em si não é traduzido nem muda.

## Pedidos que o servidor não conseguiu ler

error-bad_request = O servidor não entendeu este pedido.
error-bad_json = O servidor não conseguiu ler este pedido.
error-bad_message = O servidor não entende esta mensagem.
error-unknown_type = O servidor não conhece este tipo de mensagem.
error-unknown_field = O pedido tem um campo que o servidor não aceita.
error-bad_parameter = Um valor no endereço está errado ou fora do limite.
error-unknown_parameter = O endereço tem um valor que o servidor não aceita.
error-too_large = Isto é maior do que o servidor aceita.
error-unsupported_media_type = O pedido precisa ser enviado em JSON.
error-upgrade_required = Conecte de novo com um protocolo mais novo.
error-method_not_allowed = Isto não pode ser feito neste endereço.
error-timeout = O pedido demorou demais para chegar.
error-not_found = Não há nada aqui: talvez tenha sido removido.

## Quem pode fazer o quê

error-unauthorized = Você não está conectado. Recarregue a página para começar de novo.
error-forbidden = Esta conexão foi recusada.
error-banned = Este jogador foi banido do servidor.
error-members_only = Neste servidor só membros podem jogar.
error-invite_required = Você precisa de um convite para criar uma conta neste servidor.
error-bad_invite = Este convite não é válido ou já foi usado.
error-bad_invite_code = Este código não abre a sala privada.
error-bad_credentials = O nome de usuário ou a senha estão errados.
error-not_admin = Só um administrador pode fazer isto.
error-self_ban = Você não pode banir a si mesmo.
error-not_logged_in = Você não entrou na sua conta.
error-already_claimed = Este jogador já tem uma conta.
error-username_taken = Este nome de usuário já está em uso. Escolha outro.

## Formulários

error-bad_name = O nome precisa ter de 1 a 32 letras, sem caracteres invisíveis.
error-invalid_name = Este nome não pode ser usado.
error-bad_username = Este nome de usuário não serve: use letras, números, hífens e sublinhados.
error-bad_password = Esta senha é curta ou longa demais.
error-bad_time_control = Este relógio está fora do que o servidor permite.
error-bad_address = Este endereço de e-mail não parece certo.
error-unknown_language = O site não está disponível nesse idioma.
error-bad_mail_token = Este link não é válido ou já expirou.
error-unknown_mode = Este jogo não tem essa classificação.
error-unknown_pool = Não existe esse jogo rápido.
error-unknown_bot = Não existe esse jogador de computador.
error-corrupt_game = Não foi possível ler esta partida.
error-already_over = Esta partida já terminou.

## Limites

error-too_many = Você já tem tantas partidas abertas quanto o servidor permite.
error-too_many_sockets = Conexões demais do seu endereço. Feche algumas páginas e tente de novo.
error-login_rate_limited = Tentativas de entrar demais. Espere um minuto e tente de novo.
error-invite_rate_limited = Códigos tentados demais. Espere um minuto e tente de novo.
error-identity_rate_limited = Jogadores novos demais do seu endereço. Espere um minuto e tente de novo.
error-room_rate_limited = Partidas novas demais do seu endereço. Espere um minuto e tente de novo.
error-mail_too_soon = Um e-mail foi enviado há menos de um minuto. Espere um pouco antes de pedir de novo.
error-rate_limited = Você está enviando mensagens rápido demais. Vá um pouco mais devagar.

## O servidor

error-internal = Algo deu errado no servidor.
error-unavailable = O servidor não pode responder agora. Tente de novo em alguns segundos.
error-overloaded = O servidor está ocupado. Tente de novo em alguns segundos.
error-store_failed = Nada foi salvo: o servidor não consegue gravar nada agora. Tente de novo daqui a pouco.
error-mail_off = Este servidor não envia e-mails.
error-room_closed = A sala desta partida foi fechada.
error-room_moved = Esta partida passou para outro servidor. Envie de novo se ainda fizer sentido.

## Contas e ranking

error-rated_needs_account = Partidas valendo ranking são para contas: entre ou crie uma conta para sentar.
error-rated_needs_clock = Uma partida valendo ranking precisa de relógio.
error-already_seeking = Você já está esperando um jogo rápido. Cancele esse primeiro.

## A sala

error-invalid_options = Essas opções de jogo não são permitidas.
error-invalid_config = Esta sala não pode ser montada assim.
error-wrong_state = Isto não pode ser feito agora.
error-not_a_participant = Só jogadores e visitantes com nome podem fazer isto.
error-server_only = Só o servidor pode fazer isto.
error-not_a_bot = Não há jogador de computador neste lugar.
error-not_seated = Você não tem lugar nesta partida.
error-already_seated = Você já tem um lugar.
error-seat_taken = Este lugar está ocupado.
error-no_such_seat = Este jogo não tem esse lugar.
error-room_full = Todos os lugares estão ocupados.
error-not_host = Só quem criou a sala pode fazer isto.
error-no_bot = Este lugar não tem jogador de computador.
error-not_all_seats_taken = Todos os lugares precisam estar ocupados antes do início.
error-first_seat_not_allowed = Neste jogo este lado não pode começar.
error-not_your_turn = Não é a sua vez.
error-seat_out = Este jogador está fora da partida.
error-illegal_move = { $reason ->
    [capture_compulsory] A captura é obrigatória: você precisa tomar uma peça nesta jogada.
    [longest_capture] É preciso fazer a captura mais longa e ir até o fim.
    [capture_must_continue] A captura não terminou: continue pulando com a mesma peça.
    [no_backward_first_jump] Uma pedra simples não pode começar a captura para trás.
    [only_just_moved] Só a peça que acabou de mexer pode ser capturada.
    [drop_owed] Primeiro coloque no tabuleiro uma peça da sua reserva.
    [no_reverse] A peça não pode voltar direto para a casa de onde veio na sua última jogada.
    [no_move_from_square] Nenhuma jogada começa nessa casa.
    [not_your_piece] Essa casa não tem nenhuma peça sua.
    [blocked] Essa peça não pode ir para lá: a casa está ocupada ou fora do alcance.
   *[other] Essa jogada não é permitida.
}
error-too_late_to_abort = Tarde demais para cancelar: todos os jogadores já jogaram.
error-abort_not_allowed = Uma partida de torneio não pode ser cancelada.
error-draw_already_offered = Já há um empate oferecido.
error-no_draw_offer = Ninguém está oferecendo empate a você.
error-takeback_not_allowed = Só dá para voltar jogadas em partidas amistosas.
error-nothing_to_take_back = Você não tem jogada para voltar.
error-takeback_already_asked = Já pediram para voltar uma jogada.
error-no_takeback_request = Ninguém está pedindo para voltar uma jogada.
error-claim_not_open = { $seconds ->
    [0] Você não pode reivindicar a vitória enquanto o adversário estiver conectado.
    [one] Você pode reivindicar a vitória em { $seconds } segundo.
   *[other] Você pode reivindicar a vitória em { $seconds } segundos.
}
error-rematch_already_asked = Você já pediu revanche.
error-rematch_created = A revanche já foi criada.
error-no_rematch_request = Ninguém pediu revanche.

## Chat

error-chat_empty = A mensagem está vazia.
error-chat_too_long = A mensagem é longa demais: no máximo 140 caracteres.
error-chat_too_fast = Você está escrevendo rápido demais: no máximo 5 mensagens em 10 segundos.
error-chat_not_allowed = Você não pode escrever neste chat agora.
error-no_such_chat = Essa mensagem não existe.
error-muted = Um administrador silenciou o seu chat neste servidor.

## Torneios e análise

error-unknown_game = Esse jogo não existe aqui: os jogos são Damas Neva, Queah, Give and Take e Damas de Estocolmo.
error-bad_format = Esse formato de torneio não serve para este jogo: confira o formato, as rodadas e as equipes.
error-bad_max_players = O máximo de jogadores deve ser pelo menos 2, e não menos do que os já inscritos.
error-bad_no_show = O tempo para comparecer vai de 1 segundo a um dia.
error-no_bots = Escolha pelo menos um jogador do computador.
error-too_many_bots = Jogadores do computador demais: no máximo 64 podem entrar.
error-no_teams = Este torneio não tem equipes, então não há parceiro a escolher.
error-bad_partner = Você não pode ser seu próprio parceiro.
error-unknown_partner = Esse jogador não existe para ser seu parceiro.
error-not_allowed = Você não pode criar torneios neste servidor.
error-not_organiser = Só quem criou o torneio ou um administrador pode alterá-lo.
error-account_required = Só contas jogam torneios: registre seu nome primeiro.
error-tournament_started = O torneio já começou: não pode mais ser alterado.
error-tournament_full = O torneio está lotado.
error-tournament_over = O torneio terminou.
error-registration_closed = As inscrições para este torneio estão encerradas.
error-not_entered = Você não está inscrito neste torneio.
error-too_few_players = Um torneio precisa de pelo menos dois jogadores para começar.
error-game_not_finished = Só partidas terminadas são analisadas: esta ainda está em andamento.
