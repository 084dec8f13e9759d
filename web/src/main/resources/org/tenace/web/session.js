// A pair in a duplicate session, in the browser, as `tenace join --session` is at the terminal:
// the person takes a seat of a pair (JoinSession's seat), and a robot of the server's plays the
// partner's (robot_partner), or a second person joins the same pair from their own browser and
// takes the other seat: no rules in the page. The session's stream (WatchSession)
// says where the pair sits each round; the page keeps following it whatever screen is shown,
// says where to go in a strip under the header (and when its connection is lost), and takes the
// person to the round's table. After each board the pair's screen shows the travellers
// of the boards it has played and the ranking; at the end, the results and the hand record.
// The pair's session token is kept in localStorage (never in the address); the table tokens come
// on the stream each round, so a reload finds everything again.

import { call, unary } from './grpc.js';
import { h, say, words, store, SEAT_NAME } from './ui.js';

const SS = 'bridge.v1.SessionService/';
const TS = 'bridge.v1.TableService/';
const KEY = 'tenace.pair';

/** The pair this browser plays in a session: { sessionId, pair, token }, or null. */
export function pairHeld() {
  return JSON.parse(localStorage.getItem(KEY) || 'null');
}

const DIRECTION = { DIRECTION_NORTH_SOUTH: 'North-South', DIRECTION_EAST_WEST: 'East-West' };
const STATE = { SESSION_STATE_WAITING: 'waiting for pairs', SESSION_STATE_PLAYING: 'playing',
  SESSION_STATE_FINISHED: 'over', SESSION_STATE_ABORTED: 'stopped by its director' };

/** "Round 2: table 3, East-West, boards 5-6, against pair 4", or the round's bye. */
export function whereText(round, a) {
  if (!a || !a.table) return 'Round ' + round + ': your pair sits out (a bye)';
  const b = a.boards || [];
  const boards = b.length === 1 ? 'board ' + b[0] : 'boards ' + b[0] + '-' + b[b.length - 1];
  return 'Round ' + round + ': table ' + a.table + ', ' + DIRECTION[a.direction] + ', ' + boards
    + ', against pair ' + a.opponent;
}

export function stateText(s) {
  if (s.state === 'SESSION_STATE_PLAYING') return 'round ' + s.round + ' of ' + s.rounds;
  return STATE[s.state] || '';
}

/** The ranking as a table, the pair `me` marked. */
export function rankingView(standings, me) {
  if (!(standings || []).length) return h('p', {}, 'No board scored yet.');
  return h('table', { cls: 'ranking', 'aria-label': 'the ranking' },
    h('thead', {}, h('tr', {}, ['Rank', 'Pair', 'Names', 'Total', '%', 'Boards']
      .map((x) => h('th', {}, x)))),
    h('tbody', {}, standings.map((x) => h('tr', { cls: x.pair === me ? 'me' : '',
      'data-pair': x.pair },
    h('td', {}, x.place || x.rank || ''), h('td', {}, x.pair), h('td', {}, x.name || ''),
    h('td', {}, x.total || '0'), h('td', {}, x.percentage || ''), h('td', {}, x.boards || 0)))));
}

const STRAIN_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠', NT: 'NT' };

/** "4♥X by S", from a traveller's "4HX". */
function contractWords(line) {
  const m = /^([1-7])(NT|[CDHS])(X{0,2})$/.exec(line.contract || '');
  if (!m) return line.contract || 'Pass';
  return m[1] + STRAIN_SYMBOL[m[2]] + m[3] + ' ' + (SEAT_NAME[line.declarer] || '').charAt(0);
}

/** Every board's traveller, the lines of `me` marked. */
export function travellersView(travellers, me) {
  if (!(travellers || []).length) return h('p', {}, 'No traveller yet.');
  return h('div', { cls: 'travellers' }, travellers.map((t) => h('table', {
    cls: 'traveller', 'data-board': t.board },
  h('caption', {}, 'Board ' + t.board),
  h('thead', {}, h('tr', {}, ['NS', 'EW', 'Contract', 'Tricks', 'Score', 'NS pts', 'EW pts']
    .map((x) => h('th', {}, x)))),
  h('tbody', {}, (t.lines || []).map((l) => h('tr', {
    cls: l.nsPair === me || l.ewPair === me ? 'me' : '' },
  h('td', {}, l.nsPair), h('td', {}, l.ewPair),
  h('td', {}, l.adjusted ? 'adjusted ' + l.adjusted : contractWords(l)),
  h('td', {}, l.adjusted ? '' : l.tricks || 0),
  h('td', {}, l.adjusted ? '' : (l.nsScore || 0) > 0 ? '+' + l.nsScore : l.nsScore || 0),
  h('td', {}, l.nsPoints || '0'), h('td', {}, l.ewPoints || '0')))))));
}

/** A link that saves `text` as `file`. */
export function download(file, text, label) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pbn' }));
  return h('a', { href: url, download: file, cls: 'download' }, label);
}

// ---- following the session --------------------------------------------------------------

const follower = { sessionId: null, status: null, seats: [], abort: null,
  listeners: new Set(), tableId: null, reconnecting: false };

const strip = h('div', { id: 'session-strip', role: 'status', 'aria-live': 'polite',
  hidden: true });
document.querySelector('header').after(strip);

function mine(s, round) {
  const plan = (s.plan || [])[round - 1];
  return plan && (plan.assignments || []).find((a) => a.pair === follower.pair);
}

function myRank(s) {
  const x = (s.standings || []).find((st) => st.pair === follower.pair);
  return x ? 'ranked ' + (x.place || x.rank) + ' of ' + s.pairs + (x.percentage ? ' (' + x.percentage + '%)'
    : ' (' + x.total + ')') : '';
}

function drawStrip() {
  const s = follower.status;
  if (!s) {
    strip.hidden = true;
    return;
  }
  const parts = [h('b', {}, (s.name || 'Session') + ', pair ' + follower.pair), ' · '];
  strip.classList.toggle('reconnecting', follower.reconnecting);
  if (follower.reconnecting) parts.push('Connection to the session lost: reconnecting… · ');
  if (s.state === 'SESSION_STATE_PLAYING') {
    parts.push(whereText(s.round, mine(s, s.round)));
    const rank = myRank(s);
    if (rank) parts.push(' · ', rank);
    const ticket = follower.seats[0];
    if (ticket && location.hash !== '#/table/' + encodeURIComponent(ticket.tableId)) {
      parts.push(' ', h('button', { id: 'go-table', onclick: () => goToTable() },
        'Go to table ' + mine(s, s.round).table));
    }
  } else {
    parts.push('the session is ' + stateText(s));
  }
  if (!location.hash.startsWith('#/session/')) {
    parts.push(' ', h('a', { href: '#/session/' + encodeURIComponent(s.sessionId) },
      'session screen'));
  }
  strip.replaceChildren(...parts);
  strip.hidden = false;
}

function goToTable() {
  const ticket = follower.seats[0];
  if (ticket) location.hash = '#/table/' + encodeURIComponent(ticket.tableId);
}

/** A new round's table: its seat kept for the table screen (the server seats the partner). */
function seated(me) {
  const previous = follower.tableId;
  follower.tableId = me.tableId;
  const at = follower.status && mine(follower.status, follower.status.round);
  store.setSeat(me.tableId, { token: me.token, role: 'ROLE_PLAYER', seat: me.seat,
    session: follower.sessionId, table: at ? at.table : 0 });
  // Taken there: from the session screen, from the table just finished, or at the first round.
  const here = location.hash;
  if (here.startsWith('#/session/') || (previous && here === '#/table/'
    + encodeURIComponent(previous)) || here === '' || here === '#/') {
    goToTable();
  }
}

/** Follows the pair's session (once per page), whatever screen is shown. */
export function follow() {
  const held = pairHeld();
  if (!held || follower.sessionId === held.sessionId) return;
  if (follower.abort) follower.abort.abort();
  Object.assign(follower, { sessionId: held.sessionId, pair: held.pair, status: null, seats: [],
    tableId: null, notice: '', abort: new AbortController() });
  const signal = follower.abort.signal;
  (async () => {
    let from = 0;
    for (;;) {
      try {
        // From the version before the last one seen: the session as it stands comes at once,
        // and says the connection is back, however quiet the session is.
        await call(SS + 'WatchSession', { sessionId: held.sessionId,
          fromVersion: String(Math.max(0, from - 1)) }, {
          token: held.token, signal,
          onMessage: (m) => {
            const s = m.status;
            const round = follower.status && follower.status.round;
            const finished = follower.status && follower.status.boardsFinished;
            follower.status = s;
            follower.reconnecting = false;
            follower.seats = m.seats || [];
            // The director seated a substitute in this person's place: the stream ends next.
            if (m.notice) follower.notice = m.notice;
            from = Number(s.version || 0);
            const ticket = follower.seats[0];
            if (ticket && ticket.tableId !== follower.tableId) seated(ticket);
            drawStrip();
            for (const l of follower.listeners) l(s, round !== s.round || finished !== s.boardsFinished);
          },
        });
        // Over: the pair's token serves no more; the results are everyone's now, and the
        // pair is taken to them from its last table.
        localStorage.removeItem(KEY);
        follower.seats = [];
        drawStrip();
        for (const l of follower.listeners) l(follower.status, true);
        follower.sessionId = null;
        const results = '#/session/' + encodeURIComponent(held.sessionId);
        const atTable = follower.tableId && location.hash === '#/table/'
          + encodeURIComponent(follower.tableId);
        if (follower.notice) {
          // Replaced: the table's page says so with its Leave button; elsewhere, said here.
          if (!atTable) say(follower.notice, 'info');
        } else if (atTable) location.hash = results;
        return;
      } catch (e) {
        if (e.name === 'AbortError') return;
        if (e.code === 'UNAUTHENTICATED' || e.code === 'NOT_FOUND') {
          localStorage.removeItem(KEY);
          follower.sessionId = null;
          follower.status = null;
          drawStrip();
          say(words(e));
          return;
        }
        // Said in the strip, on every screen, until the stream answers again.
        follower.reconnecting = true;
        drawStrip();
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  })();
}

window.addEventListener('hashchange', drawStrip);

// ---- the session screen ---------------------------------------------------------------------

/** #/session/ID: join the session, or follow it as its pair; its results once it is over. */
export async function sessionView(main, where, sessionId, leaving) {
  where.textContent = 'Session ' + sessionId;
  const area = h('section', { cls: 'session' }, h('p', {}, 'Loading the session…'));
  main.replaceChildren(area);
  const held = pairHeld();
  if (held && held.sessionId === sessionId) {
    follow();
    let results = null;
    const draw = async (s, changed) => {
      if (!s) return;
      if (changed || !results) {
        try {
          results = await unary(SS + 'GetResults', { sessionId }, held.token);
        } catch (e) {
          results = results || {};
        }
      }
      pairScreen(area, s, results, held.pair);
    };
    follower.listeners.add(draw);
    leaving(() => follower.listeners.delete(draw));
    if (follower.status) draw(follower.status, true);
    return;
  }
  let summary;
  try {
    const list = await unary(SS + 'ListSessions', {});
    summary = (list.sessions || []).find((x) => x.sessionId === sessionId);
  } catch (e) {
    area.replaceChildren(h('p', {}, words(e)));
    return;
  }
  if (!summary) {
    area.replaceChildren(h('p', {}, 'There is no session ' + sessionId + ' on this server.'));
    return;
  }
  if (summary.state === 'SESSION_STATE_WAITING') {
    area.replaceChildren(joinForm(summary));
    return;
  }
  try {
    const r = await unary(SS + 'GetResults', { sessionId });
    area.replaceChildren(h('h2', {}, (summary.name || 'Session') + ': the results'),
      resultsView(r, 0));
  } catch (e) {
    area.replaceChildren(h('h2', {}, summary.name || 'Session'),
      h('p', {}, 'The session is ' + stateText(summary) + '. ' + words(e)));
  }
}

function joinForm(summary) {
  const pairs = [h('option', { value: 0 }, 'the next free pair')];
  for (let p = 1; p <= summary.pairs; p++) pairs.push(h('option', { value: p }, 'pair ' + p));
  const name = h('input', { name: 'name', value: store.name(), maxlength: 50, required: true,
    autocomplete: 'nickname' });
  const pair = h('select', { name: 'pair' }, pairs);
  // A robot of the server's as partner, or a person who joins the same pair from their own
  // browser and takes the other seat (JoinSession's seat): each then has a token of their own.
  const partner = h('select', { name: 'partner' },
    h('option', { value: 'robot' }, 'a robot of the server\'s'),
    h('option', { value: 'person' }, 'a person, from their own browser'));
  const seat = h('select', { name: 'seat' },
    h('option', { value: 'SEAT_NORTH' }, 'the first: North or East'),
    h('option', { value: 'SEAT_SOUTH' }, 'the second: South or West'));
  const form = h('form', { id: 'join-session', onsubmit: async (e) => {
    e.preventDefault();
    store.setName(name.value.trim());
    const person = partner.value === 'person';
    try {
      const r = await unary(SS + 'JoinSession', { sessionId: summary.sessionId,
        pair: Number(pair.value), name: name.value.trim() + (person ? '' : ' - Robot'),
        robotPartner: !person, seat: seat.value });
      localStorage.setItem(KEY, JSON.stringify({ sessionId: summary.sessionId, pair: r.pair,
        token: r.token }));
      follow();
      window.dispatchEvent(new Event('hashchange')); // this screen again, as the pair's
    } catch (err) {
      say(words(err));
    }
  } },
  h('h2', {}, 'Join ' + (summary.name || 'the session')),
  h('p', {}, summary.movement + ', ' + summary.pairs + ' pairs, ' + summary.joined
    + ' joined so far. You hold one seat of your pair; your partner is a robot of the'
    + ' server\'s, or a person who joins the same pair from their own browser and takes the'
    + ' other seat.'),
  h('label', {}, 'Your name ', name), ' ', h('label', {}, 'Pair ', pair), ' ',
  h('label', {}, 'Your seat ', seat), ' ', h('label', {}, 'Partner ', partner), ' ',
  h('button', { type: 'submit' }, 'Join'));
  return form;
}

function pairScreen(area, s, results, me) {
  const parts = [h('h2', {}, (s.name || 'Session') + ' · pair ' + me),
    h('p', { cls: 'state', 'data-state': s.state }, s.movement + ' · the session is '
      + stateText(s) + ' · ' + (s.boardsFinished || 0) + ' of ' + s.boardsTotal
      + ' boards played')];
  if (s.state === 'SESSION_STATE_WAITING') {
    parts.push(h('p', {}, 'You are pair ' + me + '. Waiting for the director to start ('
      + (s.entries || []).length + ' of ' + s.pairs + ' pairs have joined).'));
  }
  if (s.state === 'SESSION_STATE_PLAYING') {
    const a = mine(s, s.round);
    parts.push(h('p', { id: 'where', cls: 'where' }, whereText(s.round, a)));
    if (follower.seats[0]) {
      parts.push(h('button', { id: 'go', onclick: goToTable }, 'Go to table ' + a.table));
    } else if (a && a.table) {
      parts.push(h('p', {}, 'Your table opens when the other tables have finished the round.'));
    }
  }
  const plan = (s.plan || []).map((r) => {
    const a = (r.assignments || []).find((x) => x.pair === me);
    return h('li', { cls: r.round === s.round && s.state === 'SESSION_STATE_PLAYING' ? 'now'
      : '' }, whereText(r.round, a));
  });
  parts.push(h('details', {}, h('summary', {}, 'Your rounds'), h('ol', { cls: 'plan' }, plan)));
  const over = s.state === 'SESSION_STATE_FINISHED' || s.state === 'SESSION_STATE_ABORTED';
  if (over) {
    parts.push(h('h3', {}, 'The results'), resultsView(results, me));
  } else {
    parts.push(h('h3', {}, 'The ranking'), rankingView(s.standings, me),
      h('h3', {}, 'Your boards\' travellers'), travellersView(results.travellers, me));
  }
  area.replaceChildren(...parts);
}

/** The final ranking (unless `ranking` is false), the travellers and the hand record to download. */
export function resultsView(r, me, ranking = true) {
  const s = r.status || {};
  return h('div', { cls: 'results' },
    ranking ? rankingView(r.ranking || s.standings, me) : null,
    r.pbn ? h('p', {}, download('session-' + s.sessionId + '.pbn', r.pbn,
      'The hand record and results (PBN)')) : null,
    travellersView(r.travellers, me));
}
