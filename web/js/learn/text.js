// The rules of the four games in plain words for players. Each section is a rule
// (anchor `#rule-{slug}`), each option of the create form has a paragraph (anchor
// `#opt-{key}`). Diagrams are position strings drawn by the board code; positions to try
// and games to step through name their data (web/js/learn/data/, computed by the engine).

const GT_START = 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';

export const RULES = {
  neva: {
    title: 'Neva checkers',
    intro: [
      'Neva checkers is checkers for four players on a board of 36 squares, invented by Valery Trubitsyn in Leningrad in 1987. Each player has six men in a corner of the board, and the corners are named after the times of day: White plays from Morning, Red from Day, Green from Evening and Black from Night.',
      'Everyone plays for themselves, or two against two. Rooms may also be played by two or three players.',
    ],
    sections: [
      {
        slug: 'board',
        title: 'The board and the pieces',
        paras: [
          'The 36 squares form a diamond. Each square is named by two digits, like 25: pieces move along the lines of the diamond, and one step changes one of the two digits by one (25 touches 15, 35, 24 and 26).',
          'Each player starts with six men in their home corner: White around 16, Red around 66, Green around 61 and Black around 11. The twelve squares in the middle start empty.',
        ],
        diagram: { position: 'W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31', caption: 'The start: White (plain) at the bottom, then Red (dots), Green (stripes) and Black (cross-hatched) around the board.' },
      },
      {
        slug: 'turns',
        title: 'Taking turns',
        paras: [
          'Players move in the order of the day: Morning (White), Day (Red), Evening (Green), Night (Black), then Morning again. Who moves first is drawn by lot. You can never answer out of turn: if Red takes a White piece, White must wait until Green and Black have moved.',
          'A player who is out of the game is skipped; the others keep their order.',
        ],
      },
      {
        slug: 'men',
        title: 'How men move',
        paras: [
          'A man steps one square forward, towards the corner opposite its home. Each seat has two forward directions: White moves towards 61, Red towards 11, Green towards 16 and Black towards 66. Men never step backwards.',
        ],
      },
      {
        slug: 'capture',
        title: 'Capturing',
        paras: [
          'A man captures by jumping over a neighbouring piece of any other player onto the empty square just behind it, in any of the four directions, backwards too. If it can jump again it must go on; it may turn left or right between jumps, but never straight back. One move can take pieces of several players.',
          'The pieces taken stay on the board until the move is over: they cannot be jumped twice and they block the way.',
          'Capturing is compulsory: if you can take a piece, you must. A man may choose any capture, not only the longest one.',
        ],
        try: 'neva-capture-back',
      },
      {
        slug: 'kings',
        title: 'Kings',
        paras: [
          'A man whose move ends on its target corner (White 61, Red 11, Green 16, Black 66) becomes a king, and the turn passes on. A man that only passes through the corner in the middle of a capture and jumps on stays a man.',
          'A king moves any distance along a line over empty squares. It captures from afar: along a line, over one piece, landing on any empty square behind it, and it goes on capturing while it can. A king that captures must take as many pieces as it can; a man need not.',
        ],
        try: 'neva-crown',
      },
      {
        slug: 'end',
        title: 'Going out and winning',
        paras: [
          'A player who has lost all their pieces is out of the game. So is, in the usual rules, a player who has pieces but no move on their turn, and a player who resigns, leaves or runs out of time: their pieces are taken off.',
          'The last player left wins. The others are ranked in the reverse order of going out; players knocked out by the same move share a place. The game is drawn if all remaining players agree, if the same position comes up three times, or after 15 full rounds of king moves with no capture.',
        ],
      },
      {
        slug: 'teams',
        title: 'Playing in teams',
        paras: [
          'With four players the game can be played two against two: White and Green against Red and Black. Partners sit in opposite corners, so the teams take turns. Each player moves only their own pieces.',
          'Partners\u2019 pieces can be captured, and you must capture them when you can, just like an opponent\u2019s: a good partner uses this to set up combinations. A team wins when both opponents are out.',
        ],
      },
      {
        slug: 'training-game',
        title: 'A game to step through',
        paras: [
          'The inventor\u2019s training game, move by move. Use the buttons (or the arrow keys on the board) to go forward and back.',
        ],
        game: 'neva-training',
      },
    ],
    options: {
      seats: 'Seats: which colours play. All four; three (one corner stays empty, Night by default); or two, who sit in opposite corners, Morning and Evening, each racing towards the other\u2019s home.',
      teams: 'Teams: White and Green play together against Red and Black (only with four players). Partners\u2019 pieces must be captured like anyone\u2019s.',
      blocked: 'A player who cannot move: is out of the game (the usual rule), skips the turn and stays in, or skips the turn while three or more players are left but is out when only two are.',
      departed: 'A player who resigns, leaves or runs out of time: their pieces are taken off the board (the usual rule), or stay as obstacles that never move but can be captured, and must be, like any other piece.',
      repetition: 'Repetition: the game is drawn when the same position, with the same player to move, comes up this many times (0 turns this off).',
      no_progress: 'No progress: the game is drawn after this many full rounds in which only kings moved and nothing was captured (0 turns this off).',
    },
    tries: {
      'neva-capture-back': {
        ask: 'White to move. Red\u2019s man on 23 stands right behind White\u2019s man on 33. What must White play?',
        right: 'Right: capturing is compulsory, and a man may capture backwards. 33:13 takes the Red man.',
        wrong: 'Not allowed: a capture is compulsory, and a man may capture in every direction, backwards too. Look behind the man on 33.',
      },
      'neva-crown': {
        ask: 'White to move. Crown a White man: which move makes a king?',
        right: 'Right: 62-61 ends on White\u2019s target corner, so the man becomes a king.',
        other: 'That move is allowed, but it crowns no man. White\u2019s men are crowned on the corner 61.',
      },
    },
    games: {
      'neva-training': {
        title: 'Training game (V. Trubitsyn)',
        notes: {
          '4:black': 'Any move loses something for Black, who gives up one man on the side of the board.',
          '5:white': 'White offers a piece: each of the next three players now has just one move, a compulsory capture.',
          '5:red': 'A forced capture.',
          '5:green': 'A forced capture.',
          '5:black': 'A forced capture, and the stage is set for White.',
          '6:white': 'White\u2019s combination: six pieces of three players in one move, jumping backwards twice and passing through its own corner 61 without being crowned.',
          '6:green': 'Green, down to two men, lets Black take them.',
          '6:black': 'Black takes four pieces and ends on its corner 66: a king. Green is out.',
          '7:black': 'The new king takes two pieces from afar along one line.',
          '8:white': 'White hopes to crown a man on 61.',
          '10:red': 'Red, about to lose, spends its last move making Black\u2019s life harder. Black takes it: Red is out.',
          '11:white': 'White is crowned on 61, but Black has a trap ready for the new king.',
          '12:black': 'Black\u2019s king takes White\u2019s king.',
          '14:black': 'White has only two men against a king and a man.',
          resign: 'White resigns: Black wins the game.',
        },
      },
    },
  },

  queah: {
    title: 'Queah',
    intro: [
      'Queah is a game from Liberia for two players on a small board of 13 cells. Each player has ten pieces, but only four are on the board at a time: the others wait in a reserve and come back as pieces are lost.',
    ],
    sections: [
      {
        slug: 'board',
        title: 'The board',
        paras: [
          'The board is a square standing on its corner, with one extra cell beside each of its sides: 13 cells, named like the dark squares of a 5\u00d75 board (a1, c1, e1, b2 and so on up to e5), with c3 in the centre. The lines show where pieces may move.',
          'White starts with four pieces on c1, e1, b2 and d2, Black with four on a5, c5, b4 and d4. The six other pieces of each player are in the reserve beside the board. White moves first.',
        ],
        diagram: { position: 'W:Wc1,e1,b2,d2:Ba5,c5,b4,d4:reserve=W6,B6', caption: 'The start, with each player\u2019s reserve on the right.' },
      },
      {
        slug: 'moves',
        title: 'Moving',
        paras: [
          'On your turn, move one piece one step along a line to an empty neighbouring cell, in any direction: there is no forward or backward in Queah.',
        ],
        diagram: { position: 'B:Wc1,e1,c3,d2:Ba5,c5,b4,d4:reserve=W6,B6:rev=Wb2-c3', lastMove: ['b2', 'c3'], caption: 'White has played b2-c3: the cell it left is lit, and a ring marks where it went.' },
      },
      {
        slug: 'capture',
        title: 'Capturing',
        paras: [
          'To capture, jump over a neighbouring enemy piece in a straight line onto the empty cell behind it. The captured piece leaves the game for good.',
          'Only one piece can be taken in a turn: there are no multiple jumps. Capturing is up to you, unless the room makes it compulsory.',
        ],
      },
      {
        slug: 'drops',
        title: 'Bringing pieces back',
        paras: [
          'When you lose a piece, your next turn starts by bringing one back from your reserve onto any empty cell: click your reserve, then the cell. Then you make a normal move, which may be made with the piece you just brought back. So you keep four pieces on the board for as long as your reserve lasts.',
        ],
        try: 'queah-drop',
      },
      {
        slug: 'no-reverse',
        title: 'No stepping straight back',
        paras: [
          'A piece may not step straight back to the cell it came from on your previous turn. Once you have moved another piece, it may. Captures and drops are never stopped by this rule.',
        ],
        try: 'queah-no-reverse',
      },
      {
        slug: 'end',
        title: 'Winning',
        paras: [
          'You win when your opponent has no pieces left, on the board or in the reserve, or cannot make any move on their turn.',
          'If the same position comes up three times, or 40 turns pass with no capture and no piece brought back, the game ends: the player with more pieces (on the board and in reserve) wins, and equal numbers make a draw.',
        ],
      },
      {
        slug: 'example-game',
        title: 'A game to step through',
        paras: [
          'A whole game from the start, played by this server’s own rules engine: captures, pieces brought back from the reserve after each loss, and the end. Use the buttons (or the arrow keys on the board) to go forward and back.',
        ],
        game: 'queah-example',
      },
    ],
    options: {
      o_edge_ring: 'Lines around the edge: adds straight lines between neighbouring cells of the outer ring (a1 to c1, c1 to e1, and so on round the board), so pieces can also move and capture along the edge.',
      o_edge_centre: 'Lines to the centre: adds straight lines from the centre cell c3 to c1, a3, e3 and c5.',
      o_centre: 'Lines around the centre: adds straight lines joining the four cells around the centre (b2, d2, d4, b4).',
      capture_mandatory: 'Compulsory capture: when you can capture, you must. Off by default, as in the traditional game.',
      drop_timing: 'When a lost piece comes back: at the start of your next turn, before your move (the usual rule); after your move; instead of your move (the drop is the whole turn); or whenever you like on a later turn, as a whole turn, while you have fewer than four pieces on the board.',
      dropped_piece_may_move: 'When you bring a piece back before your move, that same piece may make the move (the usual rule); turned off, you must move another piece.',
      no_reverse_move: 'No stepping straight back: a piece may not return at once to the cell it just came from (on by default).',
      repetition: 'Repetition: the game ends when the same position comes up this many times, and the player with more pieces wins (0 turns this off).',
      no_progress: 'No progress: the game ends after this many turns with no capture and no piece brought back, and the player with more pieces wins (0 turns this off).',
    },
    tries: {
      'queah-drop': {
        ask: 'White lost a piece on Black\u2019s last turn. Bring a piece back from White\u2019s reserve, then move.',
        right: 'Right: {move}. You brought a piece back onto an empty cell, then made your move.',
        wrong: 'You lost a piece: first bring one back from your reserve onto an empty cell, then move.',
      },
      'queah-no-reverse': {
        ask: 'White\u2019s piece on c3 came from d2 on White\u2019s last turn. Make any move White may make.',
        right: 'Right: {move} is allowed.',
        wrong: 'Not allowed: {move} steps straight back to the cell the piece came from on your previous turn.',
      },
    },
    games: {
      'queah-example': {
        title: 'An example game',
        notes: {
          4: 'The first capture: Black jumps over c3. White now owes a piece from the reserve.',
          5: 'White brings a piece back onto b2 first, then captures on the same turn.',
          6: 'Black does the same: a piece back onto d2, then a capture.',
          17: 'A capture without a drop: White has no piece left in the reserve to bring back.',
          22: 'White has nothing left, on the board or in the reserve: Black wins.',
        },
      },
    },
  },

  giveandtake: {
    title: 'rules-giveandtake-title',
    intro: [
      'rules-giveandtake-intro',
    ],
    sections: [
      {
        slug: 'board',
        title: 'rules-giveandtake-board-title',
        paras: [
          'rules-giveandtake-board-1',
        ],
        diagram: { position: GT_START, caption: 'rules-giveandtake-board-caption' },
      },
      {
        slug: 'men',
        title: 'rules-giveandtake-men-title',
        paras: [
          'rules-giveandtake-men-1',
          'rules-giveandtake-men-2',
        ],
      },
      {
        slug: 'hot',
        title: 'rules-giveandtake-hot-title',
        paras: [
          'rules-giveandtake-hot-1',
        ],
        try: 'giveandtake-hot',
      },
      {
        slug: 'kings',
        title: 'rules-giveandtake-kings-title',
        paras: [
          'rules-giveandtake-kings-1',
          'rules-giveandtake-kings-2',
        ],
        try: 'giveandtake-king',
      },
      {
        slug: 'last-piece',
        title: 'rules-giveandtake-last-title',
        paras: [
          'rules-giveandtake-last-1',
        ],
        game: 'giveandtake-mccallion',
        try: 'giveandtake-mccallion',
      },
      {
        slug: 'end',
        title: 'rules-giveandtake-end-title',
        paras: [
          'rules-giveandtake-end-1',
        ],
      },
    ],
    options: {
      repetition: 'rules-giveandtake-opt-repetition',
      no_progress: 'rules-giveandtake-opt-no-progress',
      hot_trigger: 'rules-giveandtake-opt-hot-trigger',
      hot_capture: 'rules-giveandtake-opt-hot-capture',
      lone_man: 'rules-giveandtake-opt-lone-man',
      removal: 'rules-giveandtake-opt-removal',
      king_reversal: 'rules-giveandtake-opt-king-reversal',
      king_landing: 'rules-giveandtake-opt-king-landing',
    },
    tries: {
      'giveandtake-hot': {
        ask: 'rules-giveandtake-try-hot-ask',
        right: 'rules-giveandtake-try-hot-right',
        wrong: 'rules-giveandtake-try-hot-wrong',
      },
      'giveandtake-king': {
        ask: 'rules-giveandtake-try-king-ask',
        right: 'rules-giveandtake-try-king-right',
        fewer: 'rules-giveandtake-try-king-fewer',
        quiet: 'rules-giveandtake-try-king-quiet',
      },
      'giveandtake-mccallion': {
        ask: 'rules-giveandtake-try-mccallion-ask',
        right: 'rules-giveandtake-try-mccallion-right',
        fewer: 'rules-giveandtake-try-mccallion-fewer',
        quiet: 'rules-giveandtake-try-mccallion-quiet',
      },
    },
    games: {
      'giveandtake-mccallion': {
        title: 'rules-giveandtake-game-mccallion-title',
        notes: {
          1: 'rules-giveandtake-game-mccallion-1',
          2: 'rules-giveandtake-game-mccallion-2',
          3: 'rules-giveandtake-game-mccallion-3',
          4: 'rules-giveandtake-game-mccallion-4',
          5: 'rules-giveandtake-game-mccallion-5',
          6: 'rules-giveandtake-game-mccallion-6',
          7: 'rules-giveandtake-game-mccallion-7',
          8: 'rules-giveandtake-game-mccallion-8',
          9: 'rules-giveandtake-game-mccallion-9',
        },
      },
    },
  },

  stockholm: {
    title: 'rules-stockholm-title',
    intro: [
      'rules-stockholm-intro',
    ],
    sections: [
      {
        slug: 'board',
        title: 'rules-stockholm-board-title',
        paras: [
          'rules-stockholm-board-1',
        ],
        diagram: { position: 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8', caption: 'rules-stockholm-board-caption' },
      },
      {
        slug: 'men',
        title: 'rules-stockholm-men-title',
        paras: [
          'rules-stockholm-men-1',
          'rules-stockholm-men-2',
        ],
      },
      {
        slug: 'deferred-backward-capture',
        title: 'rules-stockholm-deferred-title',
        paras: [
          'rules-stockholm-deferred-1',
        ],
        try: 'stockholm-deferred',
      },
      {
        slug: 'longest-capture',
        title: 'rules-stockholm-longest-title',
        paras: [
          'rules-stockholm-longest-1',
          'rules-stockholm-longest-2',
        ],
        try: 'stockholm-longest',
      },
      {
        slug: 'kings',
        title: 'rules-stockholm-kings-title',
        paras: [
          'rules-stockholm-kings-1',
          'rules-stockholm-kings-2',
        ],
      },
      {
        slug: 'end',
        title: 'rules-stockholm-end-title',
        paras: [
          'rules-stockholm-end-1',
        ],
      },
      {
        slug: 'example-game',
        title: 'rules-stockholm-example-title',
        paras: [
          'rules-stockholm-example-1',
        ],
        game: 'stockholm-example',
      },
    ],
    options: {
      deferred_backward_capture: 'rules-stockholm-opt-deferred',
      max_capture: 'rules-stockholm-opt-max-capture',
      king_halt: 'rules-stockholm-opt-king-halt',
      repetition: 'rules-stockholm-opt-repetition',
      no_progress: 'rules-stockholm-opt-no-progress',
    },
    tries: {
      'stockholm-deferred': {
        ask: 'rules-stockholm-try-deferred-ask',
        right: 'rules-stockholm-try-deferred-right',
        wrong: 'rules-stockholm-try-deferred-wrong',
      },
      'stockholm-longest': {
        ask: 'rules-stockholm-try-longest-ask',
        right: 'rules-stockholm-try-longest-right',
        wrong: 'rules-stockholm-try-longest-wrong',
      },
    },
    games: {
      'stockholm-example': {
        title: 'rules-stockholm-game-example-title',
        notes: {
          5: 'rules-stockholm-game-example-5',
          8: 'rules-stockholm-game-example-8',
          38: 'rules-stockholm-game-example-38',
          40: 'rules-stockholm-game-example-40',
          42: 'rules-stockholm-game-example-42',
          46: 'rules-stockholm-game-example-46',
        },
      },
    },
  },
};

/** The games in the order the pages list them. */
export const GAMES = ['neva', 'queah', 'giveandtake', 'stockholm'];
