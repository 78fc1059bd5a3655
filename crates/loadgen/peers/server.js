// boardgame.io 0.50 server, stock settings (state in memory), on 127.0.0.1.
'use strict';
const { Server, Origins } = require('boardgame.io/server');
const { Stockholm } = require('./game');

const port = Number(process.env.PORT || 8000);
const server = Server({ games: [Stockholm], origins: [Origins.LOCALHOST] });
server.run({ port, lobbyConfig: { apiPort: port + 1 } }).then(() => {
  console.log(`boardgame.io listening on ${port} (lobby API on ${port + 1})`);
});
