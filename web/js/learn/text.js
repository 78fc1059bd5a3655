// The rules of the four games in plain words for players. Each section is a rule
// (anchor `#rule-{slug}`), each option of the create form has a paragraph (anchor
// `#opt-{key}`). Diagrams are position strings drawn by the board code; positions to try
// and games to step through name their data (web/js/learn/data/, computed by the engine).

const GT_START = 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';

export const RULES = {
  neva: {
    title: 'rules-neva-title',
    intro: [
      'rules-neva-intro-1',
      'rules-neva-intro-2',
    ],
    sections: [
      {
        slug: 'board',
        title: 'rules-neva-board',
        paras: [
          'rules-neva-board-1',
          'rules-neva-board-2',
        ],
        diagram: { position: 'W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31', caption: 'rules-neva-board-caption' },
      },
      {
        slug: 'turns',
        title: 'rules-neva-turns',
        paras: [
          'rules-neva-turns-1',
          'rules-neva-turns-2',
        ],
      },
      {
        slug: 'men',
        title: 'rules-neva-men',
        paras: [
          'rules-neva-men-1',
        ],
      },
      {
        slug: 'capture',
        title: 'rules-neva-capture',
        paras: [
          'rules-neva-capture-1',
          'rules-neva-capture-2',
          'rules-neva-capture-3',
        ],
        try: 'neva-capture-back',
      },
      {
        slug: 'kings',
        title: 'rules-neva-kings',
        paras: [
          'rules-neva-kings-1',
          'rules-neva-kings-2',
        ],
        try: 'neva-crown',
      },
      {
        slug: 'end',
        title: 'rules-neva-end',
        paras: [
          'rules-neva-end-1',
          'rules-neva-end-2',
        ],
      },
      {
        slug: 'teams',
        title: 'rules-neva-teams',
        paras: [
          'rules-neva-teams-1',
          'rules-neva-teams-2',
        ],
      },
      {
        slug: 'training-game',
        title: 'rules-neva-training-game',
        paras: [
          'rules-neva-training-game-1',
        ],
        game: 'neva-training',
      },
    ],
    options: {
      seats: 'rules-neva-option-seats',
      teams: 'rules-neva-option-teams',
      blocked: 'rules-neva-option-blocked',
      departed: 'rules-neva-option-departed',
      repetition: 'rules-neva-option-repetition',
      no_progress: 'rules-neva-option-no-progress',
    },
    tries: {
      'neva-capture-back': {
        ask: 'rules-neva-capture-back-ask',
        right: 'rules-neva-capture-back-right',
        wrong: 'rules-neva-capture-back-wrong',
      },
      'neva-crown': {
        ask: 'rules-neva-crown-ask',
        right: 'rules-neva-crown-right',
        other: 'rules-neva-crown-other',
      },
    },
    games: {
      'neva-training': {
        title: 'rules-neva-training-title',
        notes: {
          '4:black': 'rules-neva-training-4-black',
          '5:white': 'rules-neva-training-5-white',
          '5:red': 'rules-neva-training-5-red',
          '5:green': 'rules-neva-training-5-green',
          '5:black': 'rules-neva-training-5-black',
          '6:white': 'rules-neva-training-6-white',
          '6:green': 'rules-neva-training-6-green',
          '6:black': 'rules-neva-training-6-black',
          '7:black': 'rules-neva-training-7-black',
          '8:white': 'rules-neva-training-8-white',
          '10:red': 'rules-neva-training-10-red',
          '11:white': 'rules-neva-training-11-white',
          '12:black': 'rules-neva-training-12-black',
          '14:black': 'rules-neva-training-14-black',
          resign: 'rules-neva-training-resign',
        },
      },
    },
  },

  queah: {
    title: 'rules-queah-title',
    intro: [
      'rules-queah-intro-1',
    ],
    sections: [
      {
        slug: 'board',
        title: 'rules-queah-board',
        paras: [
          'rules-queah-board-1',
          'rules-queah-board-2',
        ],
        diagram: { position: 'W:Wc1,e1,b2,d2:Ba5,c5,b4,d4:reserve=W6,B6', caption: 'rules-queah-board-caption' },
      },
      {
        slug: 'moves',
        title: 'rules-queah-moves',
        paras: [
          'rules-queah-moves-1',
        ],
        diagram: { position: 'B:Wc1,e1,c3,d2:Ba5,c5,b4,d4:reserve=W6,B6:rev=Wb2-c3', lastMove: ['b2', 'c3'], caption: 'rules-queah-moves-caption' },
      },
      {
        slug: 'capture',
        title: 'rules-queah-capture',
        paras: [
          'rules-queah-capture-1',
          'rules-queah-capture-2',
        ],
      },
      {
        slug: 'drops',
        title: 'rules-queah-drops',
        paras: [
          'rules-queah-drops-1',
        ],
        try: 'queah-drop',
      },
      {
        slug: 'no-reverse',
        title: 'rules-queah-no-reverse',
        paras: [
          'rules-queah-no-reverse-1',
        ],
        try: 'queah-no-reverse',
      },
      {
        slug: 'end',
        title: 'rules-queah-end',
        paras: [
          'rules-queah-end-1',
          'rules-queah-end-2',
        ],
      },
      {
        slug: 'example-game',
        title: 'rules-queah-example-game',
        paras: [
          'rules-queah-example-game-1',
        ],
        game: 'queah-example',
      },
    ],
    options: {
      o_edge_ring: 'rules-queah-option-edge-ring',
      o_edge_centre: 'rules-queah-option-edge-centre',
      o_centre: 'rules-queah-option-centre',
      capture_mandatory: 'rules-queah-option-capture-mandatory',
      drop_timing: 'rules-queah-option-drop-timing',
      dropped_piece_may_move: 'rules-queah-option-dropped-piece-may-move',
      no_reverse_move: 'rules-queah-option-no-reverse-move',
      repetition: 'rules-queah-option-repetition',
      no_progress: 'rules-queah-option-no-progress',
    },
    tries: {
      'queah-drop': {
        ask: 'rules-queah-drop-ask',
        right: 'rules-queah-drop-right',
        wrong: 'rules-queah-drop-wrong',
      },
      'queah-no-reverse': {
        ask: 'rules-queah-no-reverse-ask',
        right: 'rules-queah-no-reverse-right',
        wrong: 'rules-queah-no-reverse-wrong',
      },
    },
    games: {
      'queah-example': {
        title: 'rules-queah-example-title',
        notes: {
          4: 'rules-queah-example-4',
          5: 'rules-queah-example-5',
          6: 'rules-queah-example-6',
          17: 'rules-queah-example-17',
          22: 'rules-queah-example-22',
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
