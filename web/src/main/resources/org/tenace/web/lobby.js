// The lobby: the server's tables (who sits where, robots, kibitzers), a new table, a seat taken or
// a table watched; and the server's duplicate sessions: join one as a pair, follow it, direct it,
// or see its results. Everything through the public services (ListTables, JoinTable,
// CreateTable, ListSessions), the tokens kept in localStorage.

import { unary, setCreateKey } from './grpc.js';
import { SEATS } from './model.js';
import { h, say, sayOnNextScreen, words, uuid, store, SEAT_NAME, SEAT_LETTER } from './ui.js';
import { pairHeld, stateText } from './session.js';
import { directed } from './console.js';

const TS = 'bridge.v1.TableService/';
const SS = 'bridge.v1.SessionService/';

/** Takes `seat` at `tableId` (or watches it, as a kibitzer) and goes to the table. */
export async function join(tableId, role, seat) {
  const name = store.name() || 'Player';
  try {
    const r = await unary(TS + 'JoinTable', { tableId, role, seat, name, requestId: uuid() });
    store.setSeat(tableId, { token: r.token, role, seat: seat || null });
    location.hash = '#/table/' + encodeURIComponent(tableId);
  } catch (e) {
    say(words(e));
  }
}

/**
 * #/sit/TABLE/SEAT (what `tenace play --web` opens): takes the seat, or comes back to it when
 * this browser holds it already. The address names the seat, never a token.
 */
export function sit(tableId, seatWord) {
  const seat = 'SEAT_' + seatWord.toUpperCase();
  if (store.seat(tableId)) {
    location.replace('#/table/' + encodeURIComponent(tableId));
  } else if (!SEATS.includes(seat)) {
    sayOnNextScreen('There is no seat called ' + seatWord + ': North, East, South or West.');
    location.replace('#/');
  } else {
    join(tableId, 'ROLE_PLAYER', seat);
  }
}

/** Whether a table (as ListTables gives it) admits kibitzers: open, and not KIBITZ_POLICY_NONE. */
export function kibitzable(t) {
  return t.status !== 'TABLE_STATUS_CLOSED'
    && ((t.settings || {}).kibitzPolicy || '') !== 'KIBITZ_POLICY_NONE';
}

function seatCell(t, si) {
  const label = SEAT_NAME[si.seat];
  if (twoPlayer(t) && !TWO_SEATS.includes(si.seat)) {
    return h('td', { cls: 'none', 'data-label': label }, '–');
  }
  if (si.occupied) {
    return h('td', { cls: si.robot ? 'robot' : '', 'data-label': label },
      si.playerName || '?', si.robot ? ' (robot)' : '');
  }
  if (t.status === 'TABLE_STATUS_CLOSED') return h('td', { 'data-label': label }, '–');
  return h('td', { 'data-label': label }, h('button', { 'data-sit': si.seat,
    onclick: () => join(t.tableId, 'ROLE_PLAYER', si.seat) }, 'Sit ' + SEAT_LETTER[si.seat]));
}

/** #/: the lobby. */
export async function lobby(main, where) {
  where.textContent = 'Lobby';
  const nameInput = h('input', { id: 'name', value: store.name(), maxlength: 32,
    autocomplete: 'nickname', oninput: (e) => store.setName(e.target.value.trim()) });
  const list = h('div', { id: 'tables' }, 'Loading the tables…');
  const sessions = h('div', { id: 'sessions' }, 'Loading the sessions…');
  const robots = SEATS.map((s) => h('label', { 'data-seat': s }, h('input', { type: 'checkbox',
    name: 'robot', value: s, checked: s !== 'SEAT_SOUTH' }), ' ' + SEAT_NAME[s]));
  // What only four-player bridge has (scoring, rules, East and West), and what only a two-player
  // table of trumps has (its suit): shown as the game chosen asks.
  const scoring = h('label', {}, 'Scoring ', h('select', { name: 'scoring' },
    h('option', { value: 'SCORING_METHOD_DUPLICATE_IMPS' }, 'IMPs'),
    h('option', { value: 'SCORING_METHOD_DUPLICATE_MATCHPOINTS' }, 'Matchpoints'),
    h('option', { value: 'SCORING_METHOD_RUBBER' }, 'Rubber'),
    h('option', { value: 'SCORING_METHOD_CHICAGO' }, 'Chicago')));
  const rules = h('label', {}, 'Rules ', h('select', { name: 'mode' },
    h('option', { value: 'MODE_ONLINE' }, 'Online (illegal calls refused)'),
    h('option', { value: 'MODE_LAWS' }, 'Laws (irregularities rectified)')));
  const trump = h('label', { hidden: true }, 'Trumps ', h('select', { name: 'trump' },
    ['SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'].map((x) => h('option', { value: 'SUIT_' + x },
      x.charAt(0) + x.slice(1).toLowerCase()))));
  const game = h('select', { name: 'variant', onchange: () => {
    const two = TWO_PLAYER.includes(game.value);
    for (const el of [scoring, rules, ...robots.filter((r) => !TWO_SEATS.includes(
      r.dataset.seat))]) el.hidden = two;
    trump.hidden = game.value !== 'VARIANT_TRUMPS';
  } },
  h('option', { value: '' }, 'Bridge, four players'),
  h('option', { value: 'VARIANT_HONEYMOON' }, 'Honeymoon bridge, two players'),
  h('option', { value: 'VARIANT_NO_TRUMP' }, 'Two players, no trumps, no auction'),
  h('option', { value: 'VARIANT_TRUMPS' }, 'Two players, a trump suit, no auction'));
  const form = h('form', { id: 'create', onsubmit: (e) => { e.preventDefault(); create(form); } },
    h('h2', {}, 'New table'),
    h('label', {}, 'Name ', h('input', { name: 'table', value: 'Table', maxlength: 64 })),
    h('label', {}, 'Game ', game), trump, scoring, rules,
    h('label', {}, 'Boards ', h('input', { name: 'boards', type: 'number', min: 0, max: 10000,
      value: 0, title: '0 for no limit' })),
    h('fieldset', {}, h('legend', {}, 'Robots at'), robots),
    h('label', {}, 'Create key ', h('input', { name: 'createKey', type: 'password',
      autocomplete: 'off', title: 'only if the server asks for one: its operator gives it' })),
    h('button', { type: 'submit' }, 'Create and sit'));
  const section = h('section', { cls: 'lobby' },
    h('label', { cls: 'who' }, 'Your name ', nameInput),
    h('h2', {}, 'Tables'), list,
    h('h2', {}, 'Sessions'), sessions,
    h('p', {}, h('a', { href: '#/direct', id: 'new-session' }, 'New session (director)')),
    form);
  main.replaceChildren(section);
  await Promise.all([listTables(list), listSessions(sessions)]);
  // Live while it is shown: who sits, who watches, a new table or session (the form is kept).
  const live = setInterval(() => {
    if (!section.isConnected) clearInterval(live);
    else if (!document.hidden) Promise.all([listTables(list), listSessions(sessions)]);
  }, LIVE_MS);
}

/** How often the lobby's lists are read again while it is shown. */
const LIVE_MS = 4000;

/**
 * Whether `el` shows `data` already; else remembers it. A list is drawn anew only when it
 * changed, so that the button a keyboard has reached keeps its focus.
 */
function unchanged(el, data) {
  const seen = JSON.stringify(data);
  if (el.dataset.seen === seen) return true;
  el.dataset.seen = seen;
  return false;
}

/** The server's tables: who sits where, robots, kibitzers; a seat to take or a table to watch. */
async function listTables(list) {
  try {
    const r = await unary(TS + 'ListTables', {});
    const tables = r.tables || [];
    if (unchanged(list, tables)) return;
    if (!tables.length) {
      list.replaceChildren('No table yet: create one.');
      return;
    }
    list.replaceChildren(h('table', { cls: 'stack', 'aria-label': 'the tables' },
      h('thead', {}, h('tr', {}, ['Table', 'Board', ...SEATS.map((s) => SEAT_NAME[s]), 'Watching',
        ''].map((x) => h('th', {}, x)))),
      h('tbody', {}, tables.map((t) => {
        const mine = store.seat(t.tableId);
        const seats = SEATS.map((s) => (t.seats || []).find((x) => x.seat === s) || { seat: s });
        return h('tr', { 'data-table': t.tableId },
          h('td', { cls: 'name' }, t.name || t.tableId),
          h('td', { 'data-label': 'Board' }, t.boardNumber || '–'),
          seats.map((si) => seatCell(t, si)),
          h('td', { 'data-label': 'Watching' }, t.kibitzerCount || 0),
          h('td', { cls: 'act' }, tableAction(t, mine)));
      }))));
  } catch (e) {
    list.replaceChildren(words(e));
  }
}

/** Back to your seat, Watch, or why neither (closed; no kibitzers: a session's table). */
function tableAction(t, mine) {
  if (t.status === 'TABLE_STATUS_CLOSED') return h('span', { cls: 'note' }, 'closed');
  if (mine) {
    return h('a', { href: '#/table/' + encodeURIComponent(t.tableId) }, 'Back to your seat');
  }
  if (!kibitzable(t)) return h('span', { cls: 'note' }, 'no kibitzers');
  return h('button', { 'data-watch': t.tableId, onclick: () => join(t.tableId, 'ROLE_KIBITZER') },
    'Watch');
}

/** The server's sessions: join, follow, direct or see the results of each. */
async function listSessions(el) {
  let list;
  try {
    list = (await unary(SS + 'ListSessions', {})).sessions || [];
  } catch (e) {
    el.replaceChildren(words(e));
    return;
  }
  if (unchanged(el, list)) return;
  if (!list.length) {
    el.replaceChildren('No session yet.');
    return;
  }
  const held = pairHeld();
  el.replaceChildren(h('table', { cls: 'stack', 'aria-label': 'the sessions' },
    h('thead', {}, h('tr', {}, ['Session', 'Movement', 'Where', 'Pairs', ''].map((x) => h('th',
      {}, x)))),
    h('tbody', {}, list.map((s) => {
      const id = encodeURIComponent(s.sessionId);
      const actions = [];
      if (held && held.sessionId === s.sessionId) {
        actions.push(h('a', { href: '#/session/' + id }, 'Your pair (' + held.pair + ')'));
      } else if (s.state === 'SESSION_STATE_WAITING' && (s.joined || 0) < s.pairs) {
        actions.push(h('a', { href: '#/session/' + id, 'data-join': s.sessionId }, 'Join'));
      } else if (s.state === 'SESSION_STATE_FINISHED' || s.state === 'SESSION_STATE_ABORTED') {
        actions.push(h('a', { href: '#/session/' + id }, 'Results'));
      }
      if (directed(s.sessionId)) {
        actions.push(' ', h('a', { href: '#/direct/' + id, 'data-direct': s.sessionId },
          'Direct'));
      }
      return h('tr', { 'data-session': s.sessionId },
        h('td', { cls: 'name' }, s.name || s.sessionId), h('td', {}, s.movement),
        h('td', {}, stateText(s)), h('td', {}, (s.joined || 0) + ' of ' + s.pairs + ' joined'),
        h('td', { cls: 'act' }, actions));
    }))));
}

/** The two-player games (two_player.proto), and the two seats their tables have. */
const TWO_PLAYER = ['VARIANT_HONEYMOON', 'VARIANT_NO_TRUMP', 'VARIANT_TRUMPS'];
const TWO_SEATS = ['SEAT_NORTH', 'SEAT_SOUTH'];

/** Whether a table (as ListTables gives it) is a two-player one: North and South only. */
function twoPlayer(t) {
  return TWO_PLAYER.includes((t.settings || {}).variant);
}

async function create(form) {
  store.setName(document.getElementById('name').value.trim());
  const f = new FormData(form);
  setCreateKey(f.get('createKey'));
  const variant = f.get('variant');
  const two = TWO_PLAYER.includes(variant);
  const seats = two ? TWO_SEATS : SEATS;
  const robotSeats = f.getAll('robot').filter((s) => seats.includes(s));
  const boardCount = Number(f.get('boards')) || 0;
  // A two-player table takes its game and (for trumps) its suit; the four-player settings do
  // not apply to it.
  const settings = two ? { variant, boardCount,
    twoPlayer: variant === 'VARIANT_TRUMPS' ? { trumpSuit: f.get('trump') } : undefined }
    : { mode: f.get('mode'), scoringMethod: f.get('scoring'), boardCount };
  const request = { name: f.get('table') || 'Table', robotSeats, requestId: uuid(), settings };
  try {
    const r = await unary(TS + 'CreateTable', request);
    const id = r.table.tableId;
    localStorage.setItem('tenace.director.' + id, r.directorToken);
    const free = seats.find((s) => !robotSeats.includes(s));
    if (free) await join(id, 'ROLE_PLAYER', free);
    else await join(id, 'ROLE_KIBITZER');
  } catch (e) {
    say(words(e));
  }
}
