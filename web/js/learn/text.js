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
    title: 'Give and Take',
    intro: [
      'Give and Take was invented by Christopher Elis in 1999. It is played like Turkish checkers, on all 64 squares with men moving straight ahead and sideways, and it has two special rules: you are forced to capture only the piece that has just moved, and a player\u2019s last piece becomes a king.',
    ],
    sections: [
      {
        slug: 'board',
        title: 'The board',
        paras: [
          'All 64 squares are used. White\u2019s 16 men start on the second and third rows, Black\u2019s on the sixth and seventh. White moves first.',
        ],
        diagram: { position: GT_START, caption: 'The start.' },
      },
      {
        slug: 'men',
        title: 'Men',
        paras: [
          'A man steps one square forward or sideways, never backwards and never diagonally.',
          'It captures by jumping over a neighbouring enemy piece, forward or sideways, onto the empty square behind it, and it may go on jumping, one piece at each jump. Once a capture has begun it must go on while it can. You need not take the most pieces.',
        ],
      },
      {
        slug: 'hot',
        title: 'Take the piece that just moved',
        paras: [
          'You must capture only when the piece your opponent has just moved can be taken by the first jump of one of your pieces: then you must take it (and keep jumping while you can). Any other capture is allowed but never forced, and when you have both, you must play the forced one.',
        ],
        try: 'giveandtake-hot',
      },
      {
        slug: 'kings',
        title: 'Kings',
        paras: [
          'A man whose move ends on the far row becomes a king. A man that reaches the far row in the middle of a capture goes on capturing as a man and is crowned when the move ends.',
          'A king moves like a rook in chess: any number of empty squares along a row or a column, backwards too. It captures from afar: along a line, over one enemy piece, landing on any empty square behind it. Captured pieces leave the board at once, so the king may turn right round and cross their squares again in the same move. If the king can land where it can capture again, it must.',
        ],
        try: 'giveandtake-king',
      },
      {
        slug: 'last-piece',
        title: 'The last piece becomes a king',
        paras: [
          'When a player is down to a single piece and it is a man, it becomes a king at once, where it stands. This makes for wild sacrifices, as in this game between Christopher Elis (White) and John McCallion: White gives away man after man until only the man on f5 is left, which becomes a king and then takes all nine black pieces in one move.',
        ],
        game: 'giveandtake-mccallion',
        try: 'giveandtake-mccallion',
      },
      {
        slug: 'end',
        title: 'Winning',
        paras: [
          'You win by capturing all enemy pieces or by leaving your opponent no move. The game is drawn by agreement, when the same position comes up three times, or after 50 moves by each side with no capture and no man moved.',
        ],
      },
    ],
    options: {
      repetition: 'Repetition: the game is drawn when the same position comes up this many times (0 turns this off).',
      no_progress: 'No progress: the game is drawn after this many moves by each side with no capture and no man moved (0 turns this off).',
      hot_trigger: 'When a capture is forced: when the piece that just moved can be taken by your first jump (the usual rule), or when it can be taken anywhere in a capture.',
      hot_capture: 'What a forced capture must do: take the piece that just moved at any jump of the capture (the usual rule), or with its first jump.',
      lone_man: 'The last piece: a man becomes a king at once when it is its owner\u2019s only piece (the usual rule), or when it is its owner\u2019s last man, kings aside.',
      removal: 'Captured pieces: leave the board at once (the usual rule), so their squares can be crossed again; or stay until the whole capture is over.',
      king_reversal: 'A capturing king may turn right round between jumps (the usual rule); turned off, it may not go straight back.',
      king_landing: 'After a jump, a king must land where it can jump again if there is such a square (the usual rule), or may land on any empty square behind the captured piece.',
    },
    tries: {
      'giveandtake-hot': {
        ask: 'After 1.c3c4 c6c5 it is White\u2019s turn. What must White play?',
        right: 'Right: Black\u2019s man that just moved to c5 can be taken, so White must take it, and keep jumping: c4xc6xc8, where the man is crowned.',
        wrong: 'Not allowed: the piece your opponent just moved (c5) can be taken, so you must take it, and keep jumping while you can.',
      },
      'giveandtake-king': {
        ask: 'White\u2019s king on e5 can take all four black pieces in one move. Click the jumps one by one.',
        right: 'Right: the king takes every black piece, turning round twice and crossing squares it has just emptied, as in e5xe8xe2xa2xh2.',
        fewer: 'That capture is allowed, but it takes {n}: the king can take {most}. Captured pieces vanish at once, so the king may turn round.',
        quiet: 'That move is allowed, but it captures nothing: the king can take {most}. Start with a jump over a black piece.',
      },
      'giveandtake-mccallion': {
        ask: 'The position after 4...b3xb1: White\u2019s last man on f5 has just become a king. Take all nine black pieces.',
        right: 'Right: the lone king sweeps the board, as John McCallion played: f5xa5xa7xh7xh1xe1xa1xa4xd4xf4.',
        fewer: 'That capture is allowed, but it takes {n}; the king can take {most}, every black piece.',
        quiet: 'That move is allowed, but it captures nothing; the king can take {most}, every black piece.',
      },
    },
    games: {
      'giveandtake-mccallion': {
        title: 'Elis \u2013 McCallion',
        notes: {
          1: 'White moves a man where Black must take it: the piece that just moved can be taken.',
          2: 'Black takes two men.',
          3: 'Another gift, and Black must take it.',
          4: 'Taken.',
          5: 'And another.',
          6: 'Black\u2019s man takes two and is crowned on f1.',
          7: 'White gives away its last man but one.',
          8: 'Black takes it and is crowned on b1. White\u2019s only piece, the man on f5, becomes a king at once.',
          9: 'The king takes all nine black pieces in one move: White wins.',
        },
      },
    },
  },

  stockholm: {
    title: 'Stockholm checkers',
    intro: [
      'Stockholm checkers was invented by Mats Winther in 2017. It is Brazilian checkers (played like international draughts on the 8\u00d78 board) with one change: a man may capture backwards only later in a capture, never with its first jump.',
    ],
    sections: [
      {
        slug: 'board',
        title: 'The board',
        paras: [
          'Play is on the 32 dark squares; the corner a1 is dark. Each player has 12 men on the three rows nearest them. White moves first.',
        ],
        diagram: { position: 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8', caption: 'The start.' },
      },
      {
        slug: 'men',
        title: 'Men',
        paras: [
          'A man steps one square diagonally forward.',
          'It captures by jumping over a diagonally neighbouring enemy piece onto the empty square behind it, and it must go on jumping while it can. The first jump of a man\u2019s capture must go forward; after that it may jump backwards too. This is the one difference from Brazilian checkers.',
        ],
      },
      {
        slug: 'deferred-backward-capture',
        title: 'No backward first jump: Stockholm against Brazilian',
        paras: [
          'In Brazilian checkers a man may capture backwards at any jump. In this position, Brazilian rules would force White\u2019s man on e5 to take three pieces, starting with a jump backwards (e5xc3xa5xc7). In Stockholm checkers that first backward jump is not allowed, so the longest capture White may make takes two: f2xh4xf6.',
        ],
        try: 'stockholm-deferred',
      },
      {
        slug: 'longest-capture',
        title: 'The longest capture',
        paras: [
          'Capturing is compulsory, and you must choose a capture that takes the most pieces; men and kings count the same. Among equally long captures you choose freely.',
          'Captured pieces are removed only when the move is over: a piece cannot be jumped twice, and the pieces taken block the way.',
        ],
        try: 'stockholm-longest',
      },
      {
        slug: 'kings',
        title: 'Kings',
        paras: [
          'A man whose move ends on the far row becomes a king. One that reaches the far row in the middle of a capture and can jump on goes on as a man.',
          'Kings fly: they move any distance diagonally, forwards and backwards, and capture from afar, over one piece, landing on any empty square behind it.',
        ],
      },
      {
        slug: 'end',
        title: 'Winning',
        paras: [
          'You win by capturing all enemy pieces or by leaving your opponent no move. The game is drawn by agreement, when the same position comes up three times, or after 25 moves by each side with only kings moving and no capture.',
        ],
      },
      {
        slug: 'example-game',
        title: 'A game to step through',
        paras: [
          'A whole game from the start, played by this server’s own rules engine: exchanges, double captures, a king crowned that captures from afar, and the last piece taken. Use the buttons (or the arrow keys on the board) to go forward and back.',
        ],
        game: 'stockholm-example',
      },
    ],
    options: {
      deferred_backward_capture: 'No backward first jump: a man\u2019s capture must start forwards (Stockholm checkers). Turned off, men capture backwards at any jump: that is Brazilian checkers.',
      max_capture: 'Longest capture: you must take the most pieces you can (on by default). Turned off, capturing is still compulsory, but any capture will do.',
      king_halt: 'King halts: on the last jump of a capture, a king must stop on the square just behind the last piece it takes (off by default).',
      repetition: 'Repetition: the game is drawn when the same position comes up this many times (0 turns this off).',
      no_progress: 'No progress: the game is drawn after this many moves by each side with only kings moving and no capture (0 turns this off).',
    },
    tries: {
      'stockholm-deferred': {
        ask: 'White to move, under Stockholm rules. Which capture must White play?',
        right: 'Right: f2xh4xf6 takes two, the most a capture may take here when a man\u2019s first jump must go forward.',
        wrong: 'Not in Stockholm checkers: a man may not capture backwards as its first jump. In Brazilian checkers this three-piece capture would be forced; here the longest allowed capture takes two.',
      },
      'stockholm-longest': {
        ask: 'White to move. Two White men can capture: which capture must White play?',
        right: 'Right: c3xe5xg7 takes two pieces, the most White can take.',
        wrong: 'Not allowed: the longest capture must be taken, and another capture takes more pieces.',
      },
    },
    games: {
      'stockholm-example': {
        title: 'An example game',
        notes: {
          5: 'The first capture: White takes on b4 and lands on a5.',
          8: 'Black’s man takes two in one move, turning at e5.',
          38: 'Another double capture for Black, which ends on f2, one step from the crowning row.',
          40: 'The Black man reaches the far row on e1 and is crowned a king.',
          42: 'The king captures from afar, flying along the diagonal over g3 to h4.',
          46: 'White’s last piece is taken: Black wins.',
        },
      },
    },
  },
};

/** The games in the order the pages list them. */
export const GAMES = ['neva', 'queah', 'giveandtake', 'stockholm'];
