# A página de administração (/admin): jogadores, salas ativas, convites e o registro de ações.

admin-title = Administração
admin-not-admin = Esta página é para os administradores do servidor.
admin-show-more = Mostrar mais

## Jogadores

admin-players = Jogadores
admin-search = Buscar
admin-search-label = Buscar jogadores
admin-search-placeholder = Nome ou nome de usuário
admin-col-player = Jogador
admin-col-role = Papel
admin-col-joined = Desde
admin-no-player = Nenhum jogador encontrado.
admin-role-admin = administrador
admin-role-member = membro
admin-role-guest = convidado
# Abaixo do papel de um jogador banido; $when: há quanto tempo, por exemplo "há 3 dias".
admin-banned-since = banido { $when }
admin-muted = silenciado no chat
admin-rename = Renomear
admin-rename-label = Novo nome para { $name }
admin-cancel = Cancelar
admin-ban = Banir
admin-ban-reason = Motivo
admin-ban-reason-label = Por que { $name } foi banido
admin-unban = Desbanir
admin-mute = Silenciar no chat
admin-mute-label = Silenciar { $name } em todos os chats
admin-unmute = Liberar o chat
admin-unmute-label = Deixar { $name } escrever no chat de novo

## Salas

admin-rooms = Salas
admin-col-game = Jogo
admin-col-state = Situação
admin-col-visibility = Visibilidade
admin-no-room = Nenhuma sala ativa.
admin-rooms-shown = { $total ->
    [one] Mostrando { $shown } de { $total } sala.
   *[other] Mostrando { $shown } de { $total } salas.
}
# Quem está numa sala, abaixo do que ela é: "anfitrião: Ana · com: Beto, Computador nível 3".
admin-room-host = anfitrião: { $host }
admin-room-with = com: { $names }
admin-public = pública
# Antes do código de convite da sala.
admin-private = privada
admin-room-waiting = esperando jogadores
admin-room-playing = em jogo
admin-room-finished = terminada
admin-room-aborted = fechada
admin-close = Fechar
admin-chat = Chat
admin-no-chat = Ninguém escreveu no chat desta sala.
# Depois do autor de uma mensagem quando ela foi no chat dos espectadores.
admin-spectators = (espectadores)
admin-delete = Apagar
admin-delete-label = Apagar a mensagem de { $name }
admin-this-player = este jogador
# Por que fechar uma sala ou apagar uma mensagem foi recusado.
admin-refused-over = Esta partida já terminou; não há nada para fechar.
admin-refused-under-way = Todos já fizeram um lance: uma partida em andamento não pode ser fechada. Os jogadores podem abandonar ou combinar um empate.
admin-refused-gone = Esta sala já não existe.
admin-refused = O servidor recusou.

## Convites

admin-invites = Convites
admin-invites-help = Um link permite que uma pessoa crie uma conta (necessário quando o servidor só aceita membros por convite).
admin-make-invite = Criar um convite
admin-invite-link = Link de convite
admin-copy-link = Copiar link
admin-copied = Copiado
admin-select-and-copy = Selecione e copie

## O registro de ações: quem fez o quê a quem. $admin: o administrador, $target: o jogador
## (ou a sala, ou o código do convite).

admin-audit = Registro de ações
admin-audit-empty = Nada ainda.
admin-audit-rename = { $admin } renomeou { $target }
admin-audit-ban = { $admin } baniu { $target }
admin-audit-unban = { $admin } desbaniu { $target }
admin-audit-close-room = { $admin } fechou a sala { $target }
admin-audit-invite = { $admin } criou o convite { $target }
admin-audit-mute = { $admin } silenciou { $target } no chat
admin-audit-unmute = { $admin } liberou o chat de { $target }
admin-audit-delete-chat = { $admin } apagou uma mensagem na sala { $target }
# Uma ação que esta página ainda não conhece, pelo nome.
admin-audit-other = { $admin } { $action } { $target }
