// A page's picture of a table: the last snapshot, brought up to date by every event of the
// WatchTable stream, so that at any moment it is the snapshot the server would send now (as the
// client library's TableModel does). Messages are proto3 JSON: fields left at their defaults are
// absent, int64 comes as a string, enums by name.

export const SEATS = ['SEAT_NORTH', 'SEAT_EAST', 'SEAT_SOUTH', 'SEAT_WEST'];

/** The seat `n` places clockwise after `seat`. */
export function next(seat, n = 1) {
  return SEATS[(SEATS.indexOf(seat) + n) % 4];
}

export function sameCard(a, b) {
  return a.suit === b.suit && a.rank === b.rank;
}

export class TableModel {
  constructor() {
    this.s = null;
  }

  get ready() {
    return this.s !== null;
  }

  /** The sequence number of the last event applied (the next command's expected_version). */
  get sequence() {
    return this.s ? Number(this.s.sequence || 0) : 0;
  }

  get snapshot() {
    return this.s;
  }

  apply(message) {
    if (message.snapshot) {
      this.s = message.snapshot;
      this.s.table = this.s.table || {};
    } else if (message.event && this.s) {
      this.event(message.event);
    }
  }

  event(e) {
    const s = this.s;
    s.sequence = e.sequence;
    if (e.turn) s.turn = e.turn; else delete s.turn;
    const b = s.board;
    if (e.twoPlayerUpdate) {
      // A two-player table sends its whole view with every change, and a few words on it.
      s.twoPlayer = e.twoPlayerUpdate.view || {};
      s.what = e.twoPlayerUpdate.what || '';
    } else if (e.playerJoined) {
      this.seat(e.playerJoined.seat);
    } else if (e.playerLeft) {
      this.seat({ seat: e.playerLeft.seat });
    } else if (e.playerConnectionChanged) {
      const c = e.playerConnectionChanged;
      for (const si of s.table.seats || []) {
        if (si.seat === c.seat) si.connected = !!c.connected;
      }
    } else if (e.boardStarted) {
      const bs = e.boardStarted;
      s.board = { boardNumber: bs.boardNumber, dealer: bs.dealer, vulnerability: bs.vulnerability,
        phase: 'BOARD_PHASE_AUCTION', hands: bs.hands || [], auction: [], tricks: [],
        dealCommitment: bs.dealCommitment };
      s.table.boardNumber = bs.boardNumber;
      s.table.status = 'TABLE_STATUS_PLAYING';
    } else if (e.callMade) {
      (b.auction = b.auction || []).push(e.callMade.call);
    } else if (e.callsWithdrawn) {
      for (const a of b.auction || []) {
        if ((e.callsWithdrawn.callIndices || []).includes(a.index || 0)) a.withdrawn = true;
      }
      if (b.phase === 'BOARD_PHASE_PLAY' && !(b.tricks || []).length) {
        b.phase = 'BOARD_PHASE_AUCTION';
        delete b.contract;
      }
    } else if (e.auctionEnded) {
      if (e.auctionEnded.contract) {
        b.contract = e.auctionEnded.contract;
        b.phase = 'BOARD_PHASE_PLAY';
      }
    } else if (e.cardPlayed) {
      this.cardPlayed(e.cardPlayed.card, e.cardPlayed.trickNumber);
    } else if (e.dummyExposed) {
      this.putHand(e.dummyExposed.dummy);
      if (e.dummyExposed.contract) b.contract = e.dummyExposed.contract;
    } else if (e.trickWon) {
      const t = e.trickWon;
      for (const tr of b.tricks || []) {
        if (tr.number === t.trickNumber) tr.winner = t.winner;
      }
      b.tricksNorthSouth = t.tricksNorthSouth || 0;
      b.tricksEastWest = t.tricksEastWest || 0;
    } else if (e.cardsWithdrawn) {
      for (const pc of e.cardsWithdrawn.cards || []) this.withdraw(pc);
    } else if (e.irregularityFound) {
      (b.irregularities = b.irregularities || []).push(e.irregularityFound.irregularity);
    } else if (e.claimMade) {
      b.claim = e.claimMade.claim;
      if (b.claim.claimerCards && (b.claim.claimerCards.cards || []).length) {
        this.putHand(b.claim.claimerCards);
      }
    } else if (e.claimAnswered) {
      const a = e.claimAnswered;
      if (a.status === 'CLAIM_STATUS_PENDING' || a.status === 'CLAIM_STATUS_REFERRED') {
        if (b.claim && a.accept) (b.claim.accepted = b.claim.accepted || []).push(a.seat);
      } else {
        delete b.claim;
      }
    } else if (e.undoRequested) {
      b.undo = e.undoRequested.request;
    } else if (e.undoAnswered) {
      if (e.undoAnswered.status === 'UNDO_STATUS_PENDING') {
        if (b.undo) (b.undo.consented = b.undo.consented || []).push(e.undoAnswered.seat);
      } else {
        delete b.undo;
      }
    } else if (e.optionOffered) {
      b.option = e.optionOffered.option;
    } else if (e.optionChosen) {
      delete b.option;
    } else if (e.restrictionsChanged) {
      b.restrictions = e.restrictionsChanged.restrictions;
    } else if (e.rulingOpened || e.rulingDecided) {
      const r = (e.rulingOpened || e.rulingDecided).ruling;
      b.rulings = (b.rulings || []).filter((x) => (x.rulingId || 0) !== (r.rulingId || 0));
      b.rulings.push(r);
    } else if (e.boardCompleted) {
      const bc = e.boardCompleted;
      b.phase = 'BOARD_PHASE_COMPLETE';
      b.hands = bc.hands || [];
      b.result = bc.result;
      b.dealSalt = bc.dealSalt;
      if (bc.runningScoreChange) this.runningScore(bc.runningScoreChange);
      delete b.claim;
      delete b.undo;
      delete b.option;
      s.table.boardsCompleted = (s.table.boardsCompleted || 0) + 1;
    } else if (e.resultCorrected) {
      b.result = e.resultCorrected.result;
      if (e.resultCorrected.runningScore) s.runningScore = e.resultCorrected.runningScore;
    } else if (e.playerReady) {
      (b.ready = b.ready || []).push(e.playerReady.seat);
    } else if (e.tableClosed) {
      s.table.status = 'TABLE_STATUS_CLOSED';
      s.closedReason = e.tableClosed.reason || '';
    }
  }

  /** Applies what a board added to the running score to the snapshot's sheet. */
  runningScore(change) {
    const s = this.s;
    const rs = s.runningScore = s.runningScore || {};
    if (change.duplicate) {
      const d = rs.duplicate = rs.duplicate || {};
      (d.boards = d.boards || []).push(change.duplicate.board);
      for (const k of ['impsNorthSouth', 'matchpointPercentNorthSouth']) {
        if (k in change.duplicate) d[k] = change.duplicate[k]; else delete d[k];
      }
    }
    for (const kind of ['rubber', 'chicago']) {
      const c = change[kind];
      if (!c) continue;
      const sheet = rs[kind] = rs[kind] || {};
      const rubbers = sheet.rubbers = sheet.rubbers || [];
      for (const r of c.rubbers || []) {
        const at = rubbers.findIndex((x) => (x.number || 0) === (r.number || 0));
        if (at >= 0) rubbers[at] = r; else rubbers.push(r);
      }
      sheet.totalNorthSouth = c.totalNorthSouth || 0;
      sheet.totalEastWest = c.totalEastWest || 0;
    }
  }

  seat(info) {
    const seats = this.s.table.seats = this.s.table.seats || [];
    const at = seats.findIndex((x) => x.seat === info.seat);
    if (at >= 0) seats[at] = info; else seats.push(info);
  }

  cardPlayed(pc, number) {
    const b = this.s.board;
    b.tricks = b.tricks || [];
    let trick = b.tricks.find((t) => t.number === number);
    if (!trick) {
      trick = { number, leader: pc.seat, cards: [] };
      b.tricks.push(trick);
    }
    (trick.cards = trick.cards || []).push(pc);
    const hand = (b.hands || []).find((h) => h.seat === pc.seat);
    if (hand) hand.cards = (hand.cards || []).filter((c) => !sameCard(c, pc.card));
  }

  withdraw(pc) {
    const b = this.s.board;
    for (const t of b.tricks || []) {
      t.cards = (t.cards || []).filter((x) => !(x.seat === pc.seat && sameCard(x.card, pc.card)));
    }
    b.tricks = (b.tricks || []).filter((t) => t.cards.length);
    const hand = (b.hands || []).find((h) => h.seat === pc.seat);
    if (hand) (hand.cards = hand.cards || []).push(pc.card);
  }

  putHand(hand) {
    const b = this.s.board;
    b.hands = (b.hands || []).filter((h) => h.seat !== hand.seat);
    b.hands.push(hand);
  }
}
