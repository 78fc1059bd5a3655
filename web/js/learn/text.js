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
