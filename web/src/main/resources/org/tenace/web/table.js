// The table, a client of the server's public API (gRPC-Web, the same services, tokens and
// refusals as the terminal client). The page only shows what the server sends this seat: a
// hidden card never reaches it. A seat's token is kept in localStorage (never in the address), so
// that a reload comes back to the seat.

import { call, unary } from './grpc.js';
import { TableModel, next } from './model.js';
import { h, say, sayOnNextScreen, words, store, SEAT_NAME, SEAT_LETTER } from './ui.js';
import { SUITS, SUIT, RANK, STRAINS, STRAIN, VULNERABLE, VULNERABILITY_WORDS, cardCode, cardName,
  cardText, callCode, callText, callWords } from './words.js';
import * as laws from './laws.js';
import { twoPlayerView } from './twoplayer.js';

const TS = 'bridge.v1.TableService/';
const banner = document.getElementById('banner');
const where = document.getElementById('where');

function contractText(k) {
  if (!k) return 'Passed out';
  const x = { DOUBLING_DOUBLED: 'X', DOUBLING_REDOUBLED: 'XX' }[k.doubling] || '';
  return k.level + STRAIN[k.strain].symbol + x + ' by ' + SEAT_NAME[k.declarer];
}

/** Whether the table plays under the Laws: an irregular call or card then reaches the table. */
function lawsMode(snap) {
  return ((snap.table || {}).settings || {}).mode === 'MODE_LAWS';
}

/** The call a code names (1NT, 4S, P, X, XX), as the server takes it. */
function callOf(code) {
  const other = { P: 'OTHER_CALL_PASS', X: 'OTHER_CALL_DOUBLE', XX: 'OTHER_CALL_REDOUBLE' }[code];
  if (other) return { other };
  const strain = STRAINS.find((x) => STRAIN[x].letter === code.slice(1));
  return { bid: { level: Number(code[0]), strain } };
}

// ---- the table ------------------------------------------------------------------------------

/**
 * The table `tableId` in `main`, as the seat this browser holds there; `leave(f)` is told how to
 * stop watching when the page goes elsewhere.
 */
export function tableView(main, where, tableId, leave) {
  const seat = store.seat(tableId);
  if (!seat) {
    sayOnNextScreen('Take a seat or watch from the lobby first.', 'info');
    location.hash = '#/';
    return;
  }
  where.textContent = 'Table ' + tableId;
  const model = new TableModel();
  const abort = new AbortController();
  let drawn = false;
  let stopped = false;
  leave(() => { stopped = true; abort.abort(); });
  // What the page keeps between renders: the board's area, the typed-command line (outside the
  // area, so that it keeps its focus and text), the last trick shown on demand, a call's alert.
  const view = { area: h('div', { cls: 'area' }, h('p', {}, 'Coming to the table…')),
    showLast: false, alert: false, explanation: '' };
  // Once the page has gone elsewhere this table draws nothing more: an answer that comes late
  // (the board's double-dummy table, a deal check) would else draw the old table's header and
  // turn over the screen now shown, as after a session's move to its next table.
  // Each redraw is measured in the page's performance timeline (what docs/performance.md
  // quotes): 'tenace-drawn' from the first change asked to the table drawn, 'tenace-render'
  // the drawing alone.
  // Drawn once the messages read together are applied (a microtask: they come in one chunk, and
  // a timer would wait behind whatever else the page has queued).
  let asked = 0;
  const redraw = () => {
    if (drawn || stopped) return;
    drawn = true;
    asked = performance.now();
    queueMicrotask(() => {
      drawn = false;
      if (stopped) return;
      const start = performance.now();
      render(tableId, seat, model, view);
      performance.measure('tenace-render', { start });
      performance.measure('tenace-drawn', { start: asked });
    });
  };
  view.redraw = redraw;
  const input = h('input', { id: 'command', autocomplete: 'off', spellcheck: 'false',
    'aria-label': 'type a call or a card', placeholder: 'type a call or a card: 1nt, p, x, sq, 10h' });
  const bar = h('form', { cls: 'command', onsubmit: (e) => {
    e.preventDefault();
    if (typed(input.value, model, seat, view)) input.value = '';
  } }, input, h('button', { type: 'submit' }, 'Go'));
  // Each call and card in words for a screen reader, in a region kept across renders (a live
  // region is announced when its text changes, not when it is made anew).
  view.said = h('p', { id: 'said', cls: 'sr-only', 'aria-live': 'polite' });
  main.replaceChildren(view.area, bar, view.said);
  (async () => {
    let from = 0;
    let wait = 250;
    while (!stopped) {
      // A resume asks again for the last event seen, not the one after it: the server then
      // answers at once, and so says the connection is back, however quiet the table is (it
      // sends nothing on a watch with nothing missed). That event's messages are skipped.
      const seen = from;
      try {
        await call(TS + 'WatchTable', { tableId, fromSequence: String(from) }, {
          token: seat.token, signal: abort.signal,
          onMessage: (m) => {
            wait = 250;
            banner.hidden = true;
            if (seen && m.event && Number(m.event.sequence) <= seen) return;
            model.apply(m);
            redraw();
          },
        });
        redraw(); // the table closed: the stream ended well
        return;
      } catch (e) {
        if (stopped || e.name === 'AbortError') return;
        if (e.reason === 'SEAT_REPLACED') {
          // The session's director seated a substitute here: said in words, and Leave.
          store.forget(tableId);
          banner.hidden = true;
          replacedView(main, seat);
          return;
        }
        if (e.reason === 'WATCH_REPLACED') {
          banner.hidden = true;
          say('This seat is now open in another window or tab.', 'info');
          return;
        }
        if (e.code === 'UNAUTHENTICATED' || e.reason === 'TABLE_NOT_FOUND'
            || e.reason === 'WRONG_TABLE') {
          store.forget(tableId);
          sayOnNextScreen(words(e));
          location.hash = '#/';
          return;
        }
        banner.textContent = 'Connection lost: reconnecting…';
        banner.hidden = false;
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 8000);
        from = model.ready ? model.sequence : 0;
      }
    }
  })();
}

/**
 * The session's director seated a substitute in this seat: the page says so where the table
 * was, by the number the player was sent to, and Leave takes them to the session's screen.
 */
function replacedView(main, seat) {
  const away = seat.session ? '#/session/' + encodeURIComponent(seat.session) : '#/';
  say('');
  main.replaceChildren(h('section', { id: 'replaced', cls: 'replaced' },
    h('p', {}, 'The director has seated a substitute in your place'
      + (seat.table ? ' at table ' + seat.table : '') + '.'),
    h('button', { id: 'leave-replaced', onclick: () => { location.hash = away; } }, 'Leave')));
}

/** Sends a command with the table's version; a refusal is said in words. */
async function act(method, request, seat, model) {
  say('');
  if (method === 'MakeCall' && request.view) {
    const v = request.view;
    delete request.view;
    if (v.alert || v.explanation) {
      request.alert = v.alert;
      request.explanation = v.explanation;
    }
    v.alert = false;
    v.explanation = '';
  }
  try {
    await unary(TS + method, { ...request, expectedVersion: String(model.sequence) }, seat.token);
  } catch (e) {
    if (e.reason !== 'STALE_VERSION') say(words(e));
  }
}

function seatPlate(s, pos, snap, board) {
  const info = ((snap.table || {}).seats || []).find((x) => x.seat === s) || {};
  const vul = board && (VULNERABLE[board.vulnerability] || []).includes(s);
  const turn = snap.turn && snap.turn.seat === s;
  const k = board && board.contract;
  const role = k && board.phase !== 'BOARD_PHASE_AUCTION'
    ? (k.declarer === s ? 'declarer' : next(k.declarer, 2) === s ? 'dummy' : '') : '';
  return h('div', { cls: 'plate' + (vul ? ' vul' : '') + (turn ? ' turn' : '') },
    h('b', {}, SEAT_NAME[s]), ' ',
    info.occupied ? (info.playerName || '') + (info.robot ? ' (robot)' : '') : '(free)',
    board && board.dealer === s ? h('span', { cls: 'tag', title: 'dealer' }, 'D') : null,
    role ? h('span', { cls: 'tag' }, role) : null,
    info.occupied && !info.robot && !info.connected
      ? h('span', { cls: 'tag off' }, 'away') : null);
}

/**
 * A hand as handView draws it, the one drawn before when nothing it shows has changed (its cards,
 * which of them answer, where it sits): most events change one hand of the two a page shows, and
 * a hand is most of what a render builds.
 */
function handKept(s, pos, snap, board, seat, model, view) {
  const hand = board && (board.hands || []).find((x) => x.seat === s);
  if (!hand) return handView(s, pos, snap, board, seat, model);
  const turn = snap.turn;
  const legal = turn && turn.play && turn.seat === s ? turn.play.legalCards || [] : null;
  const key = [snap.table.tableId, board.boardNumber, pos, lawsMode(snap),
    (hand.cards || []).map(cardCode).join(), legal ? legal.map(cardCode).join() : '-'].join('|');
  view.hands = view.hands || {};
  const kept = view.hands[s];
  if (kept && kept.key === key) return kept.el;
  const el = handView(s, pos, snap, board, seat, model);
  view.hands[s] = { key, el };
  return el;
}

function handView(s, pos, snap, board, seat, model) {
  const hand = board && (board.hands || []).find((x) => x.seat === s);
  const el = h('div', { cls: 'hand ' + pos, 'data-seat': s });
  if (!hand) {
    if (board) {
      // One card a trick from each hand (a trick turned over may list only the viewer's own).
      const played = (board.tricks || []).reduce((n, t) => n + (t.winner
        && t.winner !== 'SEAT_UNSPECIFIED' ? 1 : (t.cards || []).filter((c) => c.seat === s)
        .length), 0);
      const left = board.phase === 'BOARD_PHASE_COMPLETE' ? 0 : 13 - played;
      el.append(h('div', { cls: 'hidden', 'aria-label': left + ' cards, hidden' },
        left ? left + ' cards' : ''));
    }
    return el;
  }
  const turn = snap.turn;
  const playing = turn && turn.play && turn.seat === s;
  const legal = playing ? (turn.play.legalCards || []) : [];
  // Under the Laws any card of the hand may be played, as at a real table: a revoke is the
  // table's to rectify. The legal ones are marked all the same.
  const any = playing && lawsMode(snap);
  for (const suit of SUITS) {
    const cards = (hand.cards || []).filter((c) => c.suit === suit);
    el.append(h('div', { cls: 'suit ' + SUIT[suit].cls },
      h('span', { cls: 'symbol', 'aria-label': SUIT[suit].name }, SUIT[suit].symbol),
      cards.length ? cards.map((c) => {
        const ok = legal.some((l) => l.suit === c.suit && l.rank === c.rank);
        return h('button', { cls: 'card' + (ok ? ' legal' : any ? ' irregular' : ''),
          'data-card': cardCode(c), 'data-seat': s, 'aria-label': cardName(c),
          disabled: !ok && !any, onclick: ok || any ? () => act('PlayCard', { tableId: snap.table.tableId, seat: s, card: c },
            seat, model) : null }, RANK[c.rank]);
      }) : h('span', { cls: 'void' }, '—')));
  }
  return el;
}

function trickView(board, positions, showLast) {
  const el = h('div', { cls: 'trick' + (showLast ? ' last' : ''),
    'aria-label': showLast ? 'the last trick' : 'the trick' });
  if (!board || board.phase !== 'BOARD_PHASE_PLAY') return el;
  const tricks = board.tricks || [];
  const done = tricks.filter((x) => x.winner && x.winner !== 'SEAT_UNSPECIFIED');
  const current = tricks[tricks.length - 1];
  // The last trick turned over: the one before the current when that one is under way.
  const last = current && done.includes(current) ? done[done.length - 2] : done[done.length - 1];
  const t = showLast ? last : current;
  if (!t) return el;
  for (const pc of t.cards || []) {
    el.append(h('div', { cls: 'played ' + positions[pc.seat] + ' ' + SUIT[pc.card.suit].cls,
      'data-card': cardCode(pc.card), 'data-seat': pc.seat,
      'aria-label': SEAT_NAME[pc.seat] + ': ' + cardName(pc.card) },
    RANK[pc.card.rank] + SUIT[pc.card.suit].symbol));
  }
  return el;
}

/**
 * The auction grid, a column for each seat from West, the dealer marked. A withdrawn call (an
 * insufficient bid refused, a call out of rotation cancelled...) is struck through in its seat's
 * column, in the cell of that seat's next call, so that every call stands under its seat.
 */
function auctionView(board, view) {
  const order = ['SEAT_WEST', 'SEAT_NORTH', 'SEAT_EAST', 'SEAT_SOUTH'];
  const vul = VULNERABLE[board.vulnerability] || [];
  const callSpan = (a) => {
    const c = a.call;
    const cls = 'call ' + (c.bid ? STRAIN[c.bid.strain].cls : 'other')
      + (a.withdrawn ? ' withdrawn' : '');
    const label = SEAT_NAME[a.seat] + ': ' + callWords(c) + (a.withdrawn ? ', withdrawn' : '');
    if (!a.alert && !a.explanation) {
      return h('span', { cls, 'data-call': callCode(c), 'data-seat': a.seat,
        'aria-label': label }, callText(c));
    }
    // An alerted or explained call is a button: a tap (or a click, or Enter) shows what it
    // means under the grid, for phones, which have no tooltip.
    const index = a.index || 0;
    const open = view.explained === index;
    return h('button', { cls: cls + ' explained', type: 'button', 'data-call': callCode(c),
      'data-seat': a.seat, 'aria-label': label + ', alerted: show the explanation',
      'aria-expanded': String(open), 'aria-controls': 'explained', title: a.explanation
        || 'alerted',
      onclick: () => { view.explained = open ? null : index; view.redraw(); } },
    callText(c), h('span', { cls: 'alert' }, '!'));
  };
  const rows = [];
  let row = null;
  let col = order.indexOf(board.dealer) - 1;
  const place = (seat, calls) => {
    const at = order.indexOf(seat);
    if (!row || at <= col) {
      row = [null, null, null, null];
      rows.push(row);
    }
    col = at;
    row[at] = calls.map(callSpan);
  };
  if (!rows.length && order.indexOf(board.dealer) > 0) {
    row = [null, null, null, null];
    rows.push(row);
  }
  const held = {}; // each seat's withdrawn calls not yet shown
  for (const a of board.auction || []) {
    if (a.withdrawn) {
      (held[a.seat] = held[a.seat] || []).push(a);
    } else {
      place(a.seat, [...(held[a.seat] || []), a]);
      held[a.seat] = [];
    }
  }
  for (const a of board.auction || []) {
    if (a.withdrawn && (held[a.seat] || []).length) {
      place(a.seat, held[a.seat]);
      held[a.seat] = [];
    }
  }
  const grid = h('table', { cls: 'auction', 'aria-label': 'the auction' },
    h('thead', {}, h('tr', {}, order.map((s) => h('th', { cls: vul.includes(s) ? 'vul' : '' },
      SEAT_LETTER[s] + (board.dealer === s ? '*' : ''))))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((cell, i) => h('td', {
      'data-seat': order[i] }, cell || []))))));
  const shown = (board.auction || []).find((a) => view.explained !== null
    && view.explained !== undefined && (a.index || 0) === view.explained);
  if (!shown) return grid;
  return h('div', {}, grid, h('p', { id: 'explained', cls: 'explained', role: 'status' },
    h('b', {}, SEAT_NAME[shown.seat] + '\'s ' + callText(shown.call) + ': '),
    shown.explanation || 'alerted, with no explanation given.'));
}

function biddingBox(snap, seat, model, view) {
  const legal = (snap.turn.call.legalCalls || []).map(callCode);
  // Under the Laws every call may be pulled from the box, as at a real table: an insufficient bid
  // or an inadmissible double reaches the table, which rectifies it. The legal ones are marked.
  const any = lawsMode(snap);
  const send = (c) => act('MakeCall', { tableId: snap.table.tableId, seat: snap.turn.seat,
    call: c, view }, seat, model);
  const button = (c) => {
    const code = callCode(c);
    const ok = legal.includes(code);
    return h('button', { 'data-call': code, disabled: !ok && !any, 'aria-label': callWords(c),
      cls: (c.bid ? STRAIN[c.bid.strain].cls : 'other') + (ok ? ' legal' : any ? ' irregular' : ''),
      onclick: () => send(c) }, callText(c));
  };
  const levels = [];
  for (let level = 1; level <= 7; level++) {
    levels.push(h('div', { cls: 'level' }, STRAINS.map((strain) => button({ bid: { level,
      strain } }))));
  }
  return h('div', { id: 'bidding', cls: 'bidding', role: 'group', 'aria-label': 'your call' },
    levels, h('div', { cls: 'level' }, ['OTHER_CALL_PASS', 'OTHER_CALL_DOUBLE',
      'OTHER_CALL_REDOUBLE'].map((other) => button({ other }))),
    h('div', { cls: 'alerting' }, h('label', {}, h('input', { type: 'checkbox', id: 'alert',
      checked: view.alert, onchange: (e) => { view.alert = e.target.checked; } }), ' alert'), ' ',
    h('input', { id: 'explanation', maxlength: 500, value: view.explanation,
      placeholder: 'explanation (the opponents see it)', 'aria-label': 'explanation of the call',
      oninput: (e) => { view.explanation = e.target.value; } })));
}

/** A score with its sign, as a scorer writes it: +120, -50, 0. */
function signed(n) {
  return n > 0 ? '+' + n : String(n);
}

/** The board's end; a player's page also says the score from its own side. */
function resultView(board, viewer, view) {
  const r = board.result || {};
  const k = r.contract || board.contract;
  const ns = r.scoreNorthSouth || 0;
  let made = '';
  if (k) {
    const over = (r.tricks || 0) - 6 - k.level;
    made = over >= 0 ? (over ? 'made ' + (k.level + over) + ' (+' + over + ')' : 'made exactly')
      : 'down ' + -over;
  }
  return h('div', { id: 'result', cls: 'result', 'data-contract': k ? k.level
      + STRAIN[k.strain].letter + ({ DOUBLING_DOUBLED: 'X', DOUBLING_REDOUBLED: 'XX' }[k.doubling]
      || '') : 'PASS', 'data-declarer': k ? k.declarer : '', 'data-tricks': r.tricks || 0,
  'data-score-ns': ns },
  h('h3', {}, 'Board ' + board.boardNumber + ' is over'),
  h('p', {}, contractText(k), made ? ', ' + made : '',
    k ? ' (' + (r.tricks || 0) + ' tricks)' : ''),
  h('p', {}, 'Score: ' + (ns >= 0 ? 'North-South +' + ns : 'East-West +' + -ns)),
  viewer.role === 'ROLE_PLAYER' && SEAT_NAME[viewer.seat] ? h('p', { cls: 'yours' },
    ['SEAT_NORTH', 'SEAT_SOUTH'].includes(viewer.seat) ? 'You (North-South): ' + signed(ns)
      : 'You (East-West): ' + signed(-ns)) : null,
  r.claimed ? h('p', {}, 'Ended by a claim.') : null,
  analysisView(board, view), checkView(board, view));
}

const DD_ROWS = ['SEAT_NORTH', 'SEAT_SOUTH', 'SEAT_EAST', 'SEAT_WEST'];
const DD_COLUMNS = ['STRAIN_NO_TRUMP', 'STRAIN_SPADES', 'STRAIN_HEARTS', 'STRAIN_DIAMONDS',
  'STRAIN_CLUBS'];

/**
 * The board's double-dummy table and par, as the terminal's dd shows them: asked of the server
 * (AnalyseDeal) once the four hands are shown, with the hands this page holds, and shown when
 * they come.
 */
function analysisView(board, view) {
  const key = board.boardNumber + '/' + (board.hands || []).map((x) => x.seat + (x.cards || [])
    .length).join();
  if ((board.hands || []).length !== 4) return null;
  if (!view.analysis || view.analysis.key !== key) {
    const asked = { key, answer: null, failed: '' };
    view.analysis = asked;
    unary(TS + 'AnalyseDeal', { hands: board.hands, dealer: board.dealer,
      vulnerability: board.vulnerability }).then((a) => { asked.answer = a; },
      (e) => { asked.failed = words(e); }).finally(() => view.redraw && view.redraw());
  }
  const a = view.analysis;
  if (a.failed) return h('p', { cls: 'dd' }, 'No double-dummy table: ' + a.failed);
  if (!a.answer) return h('p', { cls: 'dd' }, 'Working out the double-dummy table…');
  const tricks = a.answer.tricks || [];
  if (!tricks.length) {
    return h('p', { cls: 'dd' }, 'The double-dummy table could not be worked out within the '
      + 'limit.');
  }
  const of = (seat, strain) => (tricks.find((t) => t.declarer === seat && t.strain === strain)
    || {}).tricks || 0;
  const par = a.answer.par || {};
  const score = par.scoreNorthSouth || 0;
  const contracts = par.contracts || [];
  return h('div', { id: 'dd', cls: 'dd' },
    h('table', { cls: 'dd', 'aria-label': 'double dummy: the tricks each declarer takes' },
      h('caption', {}, 'Double dummy (declarer\'s tricks)'),
      h('thead', {}, h('tr', {}, h('th', {}), DD_COLUMNS.map((c) => h('th', {
        cls: STRAIN[c].cls }, STRAIN[c].symbol)))),
      h('tbody', {}, DD_ROWS.map((seat) => h('tr', {}, h('th', {}, SEAT_NAME[seat]),
        DD_COLUMNS.map((c) => h('td', { 'data-dd': SEAT_LETTER[seat] + STRAIN[c].letter },
          String(of(seat, c)))))))),
    h('p', { id: 'par', 'data-par-ns': score }, 'Par ' + (score === 0 ? '0' : score < 0
      ? 'EW ' + -score : 'NS ' + score) + ': ' + (contracts.length ? contracts.join(',')
      : 'pass')));
}

function hex(bytes) {
  return [...bytes].map((x) => x.toString(16).padStart(2, '0')).join('');
}

function unbase64(text) {
  const bin = atob((text || '').replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const PBN_RANKS = ['RANK_ACE', 'RANK_KING', 'RANK_QUEEN', 'RANK_JACK', 'RANK_TEN', 'RANK_NINE',
  'RANK_EIGHT', 'RANK_SEVEN', 'RANK_SIX', 'RANK_FIVE', 'RANK_FOUR', 'RANK_THREE', 'RANK_TWO'];

/** A hand as PBN writes it: spades to clubs, high to low, T for ten. */
function pbnHand(hand) {
  return SUITS.map((suit) => PBN_RANKS.filter((r) => (hand.cards || []).some((c) => c.suit === suit
    && c.rank === r)).map((r) => (RANK[r] === '10' ? 'T' : RANK[r])).join('')).join('.');
}

/**
 * The deal check, as the terminal's: the four hands and the salt, hashed as docs/protocol.md
 * says, give the commitment the server published before the auction, so the deal did not change
 * while the board was played. The browser hashes (SHA-256) only in a secure context (https, or
 * this machine).
 */
function checkView(board, view) {
  if (!board.dealSalt || !board.dealCommitment || (board.hands || []).length !== 4) return null;
  const key = board.boardNumber + '/' + board.dealSalt;
  if (!view.check || view.check.key !== key) {
    const asked = { key, text: '' };
    view.check = asked;
    const shown = hex(unbase64(board.dealCommitment));
    if (!(window.crypto && crypto.subtle)) {
      asked.text = 'Deal check: this browser hashes only over https; the commitment was SHA-256 '
        + shown.slice(0, 16) + '...';
    } else {
      const hand = (seat) => pbnHand(board.hands.find((x) => x.seat === seat) || {});
      const text = 'tenace-deal-v1 board ' + board.boardNumber + ' salt '
        + hex(unbase64(board.dealSalt)) + ' N:' + ['SEAT_NORTH', 'SEAT_EAST', 'SEAT_SOUTH',
        'SEAT_WEST'].map(hand).join(' ');
      crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then((d) => {
        asked.text = hex(new Uint8Array(d)) === shown
          ? 'Deal check: these hands are the deal committed to before the auction (SHA-256 '
            + shown.slice(0, 16) + '...)'
          : 'Deal check: FAILED, these hands and the salt do not give the commitment published '
            + 'before the auction (SHA-256 ' + shown.slice(0, 16) + '...)';
        asked.ok = hex(new Uint8Array(d)) === shown;
      }).finally(() => view.redraw && view.redraw());
    }
  }
  return view.check.text ? h('p', { id: 'check', cls: 'check' + (view.check.ok ? ' ok' : ''),
    'data-ok': String(!!view.check.ok) }, view.check.text) : null;
}

/**
 * The table's running score, as the terminal's: at duplicate each board from the page's side and
 * the total (with IMPs or matchpoints when boards are compared); at rubber or Chicago each side's
 * total and the current rubber's games.
 */
function runningScoreView(rs, me, viewer) {
  if (!rs) return null;
  const ew = viewer.role === 'ROLE_PLAYER' && ['SEAT_EAST', 'SEAT_WEST'].includes(me);
  const sign = ew ? -1 : 1;
  const side = ew ? 'EW' : 'NS';
  if (rs.duplicate && (rs.duplicate.boards || []).length) {
    const d = rs.duplicate;
    const total = d.boards.reduce((n, b) => n + sign * (b.scoreNorthSouth || 0), 0);
    const extra = ('impsNorthSouth' in d ? ', ' + signed(sign * d.impsNorthSouth) + ' IMPs' : '')
      + ('matchpointPercentNorthSouth' in d ? ', ' + (ew ? 100 - d.matchpointPercentNorthSouth
        : d.matchpointPercentNorthSouth).toFixed(1) + '%' : '');
    return h('div', { id: 'running', cls: 'running' },
      h('table', { 'aria-label': 'the running score' },
        h('caption', {}, 'Score ' + side + ' by board'),
        h('tbody', {}, d.boards.map((b) => h('tr', {}, h('th', {}, String(b.boardNumber)),
          h('td', { 'data-board': b.boardNumber }, signed(sign * (b.scoreNorthSouth || 0))))))),
      h('p', { cls: 'total', 'data-total': total }, 'Total ' + side + ' ' + signed(total)
        + extra));
  }
  const sheet = rs.rubber || rs.chicago;
  if (sheet && (sheet.rubbers || []).length) {
    const r = sheet.rubbers[sheet.rubbers.length - 1];
    return h('div', { id: 'running', cls: 'running' },
      h('p', {}, (rs.rubber ? 'Rubber ' : 'Chicago ') + (r.number || 1) + ': games NS '
        + (r.gamesNorthSouth || 0) + ', EW ' + (r.gamesEastWest || 0)
        + (r.complete ? ' (over)' : '')),
      h('p', { cls: 'total' }, 'Total NS ' + (sheet.totalNorthSouth || 0) + ', EW '
        + (sheet.totalEastWest || 0)));
  }
  return null;
}

function turnPanel(snap, seat, model, view) {
  const t = snap.turn;
  if (!t) return null;
  const tableId = snap.table.tableId;
  if (t.call) return biddingBox(snap, seat, model, view);
  if (t.ready) {
    return h('button', { id: 'ready', onclick: () => act('MarkReady', { tableId }, seat, model) },
      'Next board');
  }
  if (t.claimResponse) {
    const c = t.claimResponse.claim;
    return h('div', { cls: 'ask' }, SEAT_NAME[c.claimer] + ' claims ' + (c.tricks || 0)
      + ' of the ' + c.remaining + ' tricks left. ',
    h('button', { 'data-claim': 'accept',
      onclick: () => act('RespondToClaim', { tableId, accept: true }, seat, model) }, 'Accept'),
    h('button', { 'data-claim': 'reject',
      onclick: () => act('RespondToClaim', { tableId, accept: false }, seat, model) }, 'Reject'));
  }
  if (t.undoResponse) {
    return h('div', { cls: 'ask' }, undoText(t.undoResponse.request, snap.board) + ' ',
      h('button', { 'data-undo': 'allow',
        onclick: () => act('RespondToUndo', { tableId, accept: true }, seat, model) }, 'Allow'),
      h('button', { 'data-undo': 'refuse',
        onclick: () => act('RespondToUndo', { tableId, accept: false }, seat, model) },
      'Refuse'));
  }
  if (t.option) {
    // The choices in the terminal's words (accept, refuse, ban ♠...); what happened and what
    // each does are said above, with the board's laws (lawsView).
    const o = t.option.option;
    return h('div', { cls: 'ask option', role: 'group', 'aria-label': 'your choice' },
      h('b', {}, 'Your choice: '), laws.choices(o).map(({ choice, suit, word }) => h('button', {
        'data-choice': choice, 'data-suit': suit || null,
        onclick: () => act('ChooseOption', suit ? { tableId, choice, suit } : { tableId, choice },
          seat, model) }, word)));
  }
  return null;
}

/** An undo request as the terminal says it: "South asks to undo the last call (2♥)." */
function undoText(u, board) {
  let what = 'card';
  let which = u.card ? cardText(u.card.card) : '';
  if (!u.card) {
    what = 'call';
    const a = ((board && board.auction) || []).find((x) => (x.index || 0) === (u.callIndex || 0));
    which = a ? callText(a.call) : '';
  }
  return SEAT_NAME[u.requester] + ' asks to undo the last ' + what + (which ? ' (' + which + ')'
    : '') + '.';
}

/**
 * The undo a player may ask for, as the terminal's undo: the latest call or card of the page's
 * seat (or of dummy, for declarer), which the opponents or the director then allow or refuse.
 * Whether it may be undone now is the server's to say (a refusal comes in words).
 */
function undoView(snap, board, me, seat, model) {
  const viewer = snap.viewer || {};
  const tableId = snap.table.tableId;
  if (board.undo) {
    if (snap.turn && snap.turn.undoResponse) return null; // said with its buttons
    const u = board.undo;
    const waiting = (u.responders || []).filter((r) => !(u.consented || []).includes(r));
    return h('p', { id: 'undo', cls: 'undo' }, undoText(u, board),
      u.requester === me ? ' Waiting for ' + (waiting.length
        ? waiting.map((r) => SEAT_NAME[r]).join(' and ') : 'the director') + '.' : '');
  }
  const policy = ((snap.table.settings || {}).undoPolicy || {});
  if (viewer.role !== 'ROLE_PLAYER' || policy.approver === 'UNDO_APPROVER_NONE'
      || board.claim || board.option) {
    return null;
  }
  const k = board.contract;
  const mine = (s) => s === me || (k && k.declarer === me && next(me, 2) === s);
  let what = null;
  if (board.phase === 'BOARD_PHASE_AUCTION') {
    if ((board.auction || []).some((a) => !a.withdrawn && a.seat === me)) what = 'call';
  } else if (board.phase === 'BOARD_PHASE_PLAY') {
    if ((board.tricks || []).some((t) => (t.cards || []).some((pc) => mine(pc.seat)))) {
      what = 'card';
    }
  }
  if (!what) return null;
  return h('button', { id: 'ask-undo', onclick: () => act('RequestUndo', { tableId }, seat, model) },
    'Undo my last ' + what);
}

/**
 * Laws mode as the terminal shows it: the open option (whose, what happened, what each choice
 * does), the bars, lead restrictions and penalty cards in force, the rulings, and the board's
 * irregularities as they were announced.
 */
function lawsView(board) {
  const lines = [];
  if (board.option) {
    const o = board.option;
    lines.push(h('p', { cls: 'headline' }, h('b', {}, 'Option for ' + laws.holders(o) + ': '),
      laws.headline(o, board)));
    const what = laws.explanation(o);
    if (what) lines.push(h('p', { cls: 'explained' }, what));
  }
  if (board.phase !== 'BOARD_PHASE_COMPLETE') {
    for (const r of laws.restrictions(board.restrictions)) lines.push(h('p', { cls: 'bar' }, r));
  }
  for (const r of board.rulings || []) lines.push(h('p', { cls: 'ruling' }, laws.ruling(r)));
  const told = board.irregularities || [];
  if (told.length) {
    lines.push(h('ol', { cls: 'irregularities', 'aria-label': 'irregularities' },
      told.map((i) => h('li', {}, laws.announcement(i)))));
  }
  return lines.length ? h('div', { id: 'laws', cls: 'laws' }, lines) : null;
}

const RANK_OF = { a: 'RANK_ACE', k: 'RANK_KING', q: 'RANK_QUEEN', j: 'RANK_JACK', t: 'RANK_TEN',
  10: 'RANK_TEN', 9: 'RANK_NINE', 8: 'RANK_EIGHT', 7: 'RANK_SEVEN', 6: 'RANK_SIX', 5: 'RANK_FIVE',
  4: 'RANK_FOUR', 3: 'RANK_THREE', 2: 'RANK_TWO' };
const SUIT_OF = { s: 'SUIT_SPADES', h: 'SUIT_HEARTS', d: 'SUIT_DIAMONDS', c: 'SUIT_CLUBS' };
const OTHER_OF = { p: 'P', pass: 'P', x: 'X', d: 'X', dbl: 'X', double: 'X', xx: 'XX', r: 'XX',
  rd: 'XX', redouble: 'XX' };

/** A card typed as the terminal takes it: suit then rank (sq, s10) or rank then suit (qs, 10s). */
function parseCard(text) {
  const m = /^([shdc])(10|[akqjt2-9])$/.exec(text) || /^(10|[akqjt2-9])([shdc])$/.exec(text);
  if (!m) return null;
  const [suit, rank] = SUIT_OF[m[1]] ? [m[1], m[2]] : [m[2], m[1]];
  return { suit: SUIT_OF[suit], rank: RANK_OF[rank] };
}

/** A call typed as the terminal takes it: 1nt (1n), 4s, p, x, xx. */
function parseCall(text) {
  if (OTHER_OF[text]) return OTHER_OF[text];
  const m = /^([1-7])(nt?|[cdhs])$/.exec(text);
  return m ? m[1] + (m[2].startsWith('n') ? 'NT' : m[2].toUpperCase()) : null;
}

/** Acts on a typed command when it names a legal call or card now; says why not otherwise. */
function typed(raw, model, seat, view) {
  const text = raw.trim().toLowerCase().replace(/\s+/g, '');
  const snap = model.snapshot;
  let t = snap && snap.turn;
  const tp = snap && snap.twoPlayer;
  const viewer = (snap && snap.viewer) || {};
  if (tp && viewer.role === 'ROLE_PLAYER' && tp.toAct === viewer.seat) {
    // A two-player table has no turn of its own: its view says who acts and what is legal.
    t = { seat: viewer.seat, call: (tp.legalCalls || []).length ? { legalCalls: tp.legalCalls }
      : undefined, play: (tp.legalCards || []).length ? { legalCards: tp.legalCards }
      : undefined };
  }
  if (!text) return false;
  if (t && t.call) {
    const code = parseCall(text);
    const c = (t.call.legalCalls || []).find((x) => callCode(x) === code)
      || (code && lawsMode(snap) ? callOf(code) : null);
    if (c) {
      act('MakeCall', { tableId: snap.table.tableId, seat: t.seat, call: c, view }, seat, model);
      return true;
    }
    say(code ? raw.trim() + ' is not a call you may make now.'
      : 'Type a call as 1nt, 4s, p, x or xx.');
    return false;
  }
  if (t && t.play) {
    const card = parseCard(text);
    const hand = ((snap.board || {}).hands || []).find((x) => x.seat === t.seat);
    const c = card && ((t.play.legalCards || []).find((x) => x.suit === card.suit
      && x.rank === card.rank) || (lawsMode(snap) && hand && (hand.cards || []).find((x) =>
      x.suit === card.suit && x.rank === card.rank)));
    if (c) {
      act('PlayCard', { tableId: snap.table.tableId, seat: t.seat, card: c }, seat, model);
      return true;
    }
    say(card ? 'The ' + cardName(card) + ' is not a card you may play now.'
      : 'Type a card as sq, 10h or qs.');
    return false;
  }
  say('It is not your turn.');
  return false;
}

/**
 * Says the board's newest call or card in the live region when one came since the last render
 * ("West bids 1 club, alerted: ...", "North plays the king of spades"); the first render (a
 * snapshot, a reload) says nothing.
 */
function announce(board, view) {
  const calls = board ? (board.auction || []).length : 0;
  const tricks = board ? board.tricks || [] : [];
  const cards = tricks.reduce((n, t) => n + (t.cards || []).length, 0);
  const told = board ? (board.irregularities || []).length : 0;
  const key = (board ? board.boardNumber : 0) + '/' + calls + '/' + cards + '/' + told;
  const before = view.heard;
  view.heard = key;
  if (before === undefined || before === key || !board) return;
  const [number, calledBefore, playedBefore, toldBefore] = before.split('/').map(Number);
  if (number !== board.boardNumber) return;
  let text = '';
  if (cards > playedBefore) {
    const t = [...tricks].reverse().find((x) => (x.cards || []).length);
    const pc = t.cards[t.cards.length - 1];
    text = SEAT_NAME[pc.seat] + ' plays the ' + cardName(pc.card);
  } else if (calls > calledBefore) {
    const a = board.auction[calls - 1];
    const c = a.call;
    text = SEAT_NAME[a.seat] + (c.bid ? ' bids ' : ' says ') + callWords(c)
      + (a.alert ? ', alerted' + (a.explanation ? ': ' + a.explanation : '') : '');
  }
  if (told > toldBefore) {
    const said = laws.announcement(board.irregularities[told - 1]);
    text = text ? text + '. ' + said.replace(/\.$/, '') : said.replace(/\.$/, '');
  }
  if (text) view.said.textContent = text + '.';
}

/** A two-player table: its own view (twoplayer.js), with the seat plates' names and leaving. */
function renderTwoPlayer(tableId, seat, model, view) {
  const snap = model.snapshot;
  const viewer = snap.viewer || {};
  const me = viewer.seat === 'SEAT_NORTH' ? 'SEAT_NORTH' : 'SEAT_SOUTH';
  where.textContent = (snap.table && snap.table.name) || 'Table ' + tableId;
  const drawn = twoPlayerView(snap.twoPlayer, me, viewer, snap.what || '',
    (method, request) => act(method, { tableId, ...request }, seat, model));
  document.body.dataset.turn = drawn.turn;
  document.body.dataset.phase = snap.twoPlayer.phase || '';
  document.body.dataset.sequence = String(model.sequence);
  if (snap.what && view.what !== snap.what) view.said.textContent = snap.what + '.';
  view.what = snap.what;
  drawn.side.append(h('p', { cls: 'you' }, viewer.role === 'ROLE_KIBITZER' ? 'You are watching.'
    : 'You are ' + SEAT_NAME[me] + '.', ' ', leaveButton(tableId, seat)));
  view.area.replaceChildren(h('section', { cls: 'table' }, drawn.compass, drawn.side));
  if (!document.body.dataset.firstRender) {
    document.body.dataset.firstRender = String(Math.round(performance.now()));
  }
}

function leaveButton(tableId, seat) {
  return h('button', { cls: 'leave', onclick: async () => {
    try {
      await unary(TS + 'LeaveTable', { tableId }, seat.token);
    } catch (e) {
      // gone already: forgotten all the same
    }
    store.forget(tableId);
    location.hash = '#/';
  } }, 'Leave the table');
}

function render(tableId, seat, model, view) {
  const snap = model.snapshot;
  if (!snap) return;
  if (snap.twoPlayer) {
    renderTwoPlayer(tableId, seat, model, view);
    return;
  }
  const board = snap.board;
  if (board && view.boardNumber !== board.boardNumber) {
    view.boardNumber = board.boardNumber;
    view.explained = null; // an explanation shown belongs to its board
  }
  announce(board, view);
  const viewer = snap.viewer || {};
  const me = viewer.seat && viewer.seat !== 'SEAT_UNSPECIFIED' ? viewer.seat : 'SEAT_SOUTH';
  const positions = { [me]: 'bottom', [next(me, 1)]: 'left', [next(me, 2)]: 'top',
    [next(me, 3)]: 'right' };
  const turn = snap.turn || {};
  where.textContent = (snap.table && snap.table.name) || 'Table ' + tableId;
  document.body.dataset.turn = turn.call ? 'call' : turn.play ? 'play' : turn.ready ? 'ready'
    : turn.claimResponse || turn.undoResponse || turn.option ? 'answer' : '';
  document.body.dataset.phase = board ? board.phase : '';
  document.body.dataset.sequence = String(model.sequence);
  const compass = h('div', { cls: 'compass' });
  for (const s of [next(me, 2), next(me, 1), next(me, 3), me]) {
    const pos = positions[s];
    compass.append(h('div', { cls: 'seat ' + pos }, seatPlate(s, pos, snap, board),
      handKept(s, pos, snap, board, seat, model, view)));
  }
  compass.append(trickView(board, positions, view.showLast));
  const side = h('aside', { cls: 'side' });
  const table = snap.table || {};
  if (table.status === 'TABLE_STATUS_CLOSED') {
    side.append(h('p', { cls: 'closed' }, 'The table is closed. ' + (snap.closedReason || '')));
  } else if (!board) {
    side.append(h('p', {}, 'Waiting for four players…'));
  }
  if (board) {
    const ns = board.tricksNorthSouth || 0;
    const ew = board.tricksEastWest || 0;
    side.append(h('p', { cls: 'board' }, h('b', {}, 'Board ' + board.boardNumber), ' · dealer '
      + SEAT_NAME[board.dealer] + ' · ' + VULNERABILITY_WORDS[board.vulnerability]));
    if (board.contract) side.append(h('p', { cls: 'contract' }, contractText(board.contract)));
    if (board.phase !== 'BOARD_PHASE_AUCTION') {
      side.append(h('p', { cls: 'tricks', 'data-ns': ns, 'data-ew': ew },
        'Tricks: North-South ' + ns + ' · East-West ' + ew));
    }
    if (board.phase === 'BOARD_PHASE_PLAY' && (board.tricks || []).some((t) => t.winner)) {
      side.append(h('button', { id: 'last', 'aria-pressed': String(view.showLast), onclick: () => {
        view.showLast = !view.showLast;
        view.redraw();
      } }, view.showLast ? 'Back to this trick' : 'Last trick'));
    }
    side.append(auctionView(board, view));
    const told = lawsView(board);
    if (told) side.append(told);
    if (board.phase === 'BOARD_PHASE_COMPLETE') side.append(resultView(board, viewer, view));
  }
  const panel = turnPanel(snap, seat, model, view);
  if (panel) side.append(panel);
  const running = runningScoreView(snap.runningScore, me, viewer);
  if (running) side.append(running);
  const undo = board && board.phase !== 'BOARD_PHASE_COMPLETE'
    ? undoView(snap, board, me, seat, model) : null;
  if (undo) side.append(undo);
  if (board && board.phase === 'BOARD_PHASE_PLAY' && viewer.role === 'ROLE_PLAYER'
      && !board.claim && board.contract && next(board.contract.declarer, 2) !== me) {
    const left = 13 - (board.tricks || []).filter((t) => t.winner).length;
    const tricks = h('input', { type: 'number', min: 0, max: left, value: left, name: 'tricks',
      'aria-label': 'tricks you claim of those left' });
    side.append(h('form', { cls: 'claim', onsubmit: (e) => {
      e.preventDefault();
      act('Claim', { tableId, tricks: Number(tricks.value) }, seat, model);
    } }, 'Claim ', tricks, ' of the ' + left + ' tricks left ',
    h('button', { type: 'submit' }, 'Claim')));
  }
  side.append(h('p', { cls: 'you' }, viewer.role === 'ROLE_KIBITZER' ? 'You are watching.'
    : 'You are ' + SEAT_NAME[me] + '.', ' ', h('button', { cls: 'leave', onclick: async () => {
    try {
      await unary(TS + 'LeaveTable', { tableId }, seat.token);
    } catch (e) {
      // gone already: forgotten all the same
    }
    store.forget(tableId);
    location.hash = '#/';
  } }, 'Leave the table')));
  view.area.replaceChildren(h('section', { cls: 'table' }, compass, side));
  if (!document.body.dataset.firstRender) {
    // How long from the address asked to the table drawn, for the browser tests' figures.
    document.body.dataset.firstRender = String(Math.round(performance.now()));
  }
}
