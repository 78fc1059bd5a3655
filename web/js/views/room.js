// /room/{id}: play or watch one room over its socket. The page is a controller
// (room/ctrl.js: the socket, the pure state of room/state.js and its effects) and parts that
// each draw one piece of the screen from the state: the head and result line
// (room/status.js), the waiting panel, the seats, the board with its tools, the clocks, the
// actions, the invite, the move list, the chat, the announcements and the result dialog. A
// room id the server does not know shows "No such room" (and the stored game's replay, if
// there is one).

import { RoomCtrl } from '../room/ctrl.js';

export function roomView(main, roomId, params) {
  const ctrl = new RoomCtrl(main, roomId, params);
  return { destroy: () => ctrl.destroy() };
}
