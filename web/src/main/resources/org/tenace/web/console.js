// The director's console: create a duplicate session, start it, follow every table of the round,
// and the director's tools of `tenace direct` (end a round, adjust a score, a procedural penalty,
// a pair absent or late, a substitute, replace a pair by robots, repair the movement, abort), with
// the same requests and the server's refusals in words, and the director's actions so far as
// the host's window lists them; and the export: the travellers, the ranking and the hand record
// as PBN. The director's token is kept in
// localStorage under the session's id (never in the address); a director of a session made
// elsewhere (`tenace host` prints the token) pastes it once.

import { call, unary, setCreateKey } from './grpc.js';
import { h, say, words } from './ui.js';
import { join, kibitzable } from './lobby.js';
import { whereText, stateText, rankingView, resultsView } from './session.js';

const SS = 'bridge.v1.SessionService/';
const TS = 'bridge.v1.TableService/';
const banner = document.getElementById('banner');

const tokenOf = (id) => localStorage.getItem('tenace.director.session.' + id);
const keepToken = (id, token) => localStorage.setItem('tenace.director.session.' + id, token);

/** The sessions this browser directs (their ids). */
export function directed(id) {
  return !!tokenOf(id);
}

const SCORE = { 'A+': 'ARTIFICIAL_AVERAGE_PLUS', A: 'ARTIFICIAL_AVERAGE_PLAIN',
  'A-': 'ARTIFICIAL_AVERAGE_MINUS' };

function scoreSelect(name, chosen) {
  return h('select', { name, 'aria-label': name === 'ns' ? 'North-South\'s score'
    : 'East-West\'s score' }, Object.keys(SCORE).map((k) => h('option', { value: k,
    selected: k === chosen }, k)));
}

function scoreOf(form) {
  const f = new FormData(form);
  return { northSouth: SCORE[f.get('ns')], eastWest: SCORE[f.get('ew')] };
}

/** #/direct: a new session. */
export function createView(main, where) {
  where.textContent = 'New session';
  const number = (name, value, min, max, label, title) => h('label', {}, label + ' ',
    h('input', { name, type: 'number', value, min, max, title, required: true }));
  const form = h('form', { id: 'create-session', cls: 'console', onsubmit: async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    setCreateKey(f.get('createKey'));
    const movement = f.get('movement');
    const request = { name: f.get('name') || 'Session', movement,
      kind: movement === 'MOVEMENT_TYPE_TEAMS' ? 'SESSION_KIND_TEAMS' : 'SESSION_KIND_PAIRS',
      tables: Number(f.get('tables')), rounds: Number(f.get('rounds')),
      boardsPerRound: Number(f.get('boards')), scoring: f.get('scoring'),
      robots: f.get('robots') === 'on', relay: f.get('relay') === 'on',
      arrowSwitch: f.get('arrow') === 'on' };
    if (movement === 'MOVEMENT_TYPE_TEAMS') request.scoring = 'SESSION_SCORING_TEAM_IMPS';
    try {
      const r = await unary(SS + 'CreateSession', request);
      keepToken(r.sessionId, r.directorToken);
      location.hash = '#/direct/' + encodeURIComponent(r.sessionId);
    } catch (err) {
      say(words(err));
    }
  } },
  h('h2', {}, 'New session'),
  h('label', {}, 'Name ', h('input', { name: 'name', value: 'Club session', maxlength: 64 })),
  h('label', {}, 'Movement ', h('select', { name: 'movement' },
    h('option', { value: 'MOVEMENT_TYPE_HOWELL' }, 'Howell (every pair meets every other)'),
    h('option', { value: 'MOVEMENT_TYPE_MITCHELL' }, 'Mitchell (NS stay, EW move; 3 tables+)'),
    h('option', { value: 'MOVEMENT_TYPE_TEAMS' }, 'Teams (two tables a match)'))),
  number('tables', 2, 2, 30, 'Tables', 'for teams, the number of teams'),
  number('rounds', 0, 0, 100, 'Rounds', '0 for the whole movement'),
  number('boards', 2, 1, 8, 'Boards a round', '1 to 8'),
  h('label', {}, 'Scoring ', h('select', { name: 'scoring' },
    h('option', { value: 'SESSION_SCORING_MATCHPOINTS' }, 'Matchpoints'),
    h('option', { value: 'SESSION_SCORING_IMPS_ACROSS_FIELD' }, 'IMPs across the field'),
    h('option', { value: 'SESSION_SCORING_BUTLER' }, 'Butler'))),
  h('label', {}, h('input', { type: 'checkbox', name: 'robots', checked: true }),
    ' robots in the seats no pair takes'),
  h('label', {}, h('input', { type: 'checkbox', name: 'relay' }),
    ' Mitchell, even tables: relay and bye stand instead of the skip'),
  h('label', {}, h('input', { type: 'checkbox', name: 'arrow' }),
    ' Mitchell: arrow-switch the last rounds (one winner)'),
  h('label', {}, 'Create key ', h('input', { name: 'createKey', type: 'password',
    autocomplete: 'off', title: 'only if the server asks for one: its operator gives it' })),
  h('button', { type: 'submit' }, 'Create the session'));
  main.replaceChildren(form);
}

/** #/direct/ID: the console of a session this browser directs (or the token asked for). */
export function consoleView(main, where, sessionId, leaving) {
  where.textContent = 'Directing session ' + sessionId;
  const token = tokenOf(sessionId);
  if (!token) {
    const input = h('input', { name: 'token', required: true, autocomplete: 'off',
      'aria-label': 'the director\'s token' });
    main.replaceChildren(h('form', { cls: 'console', onsubmit: (e) => {
      e.preventDefault();
      keepToken(sessionId, input.value.trim());
      consoleView(main, where, sessionId, leaving);
    } }, h('h2', {}, 'Director of session ' + sessionId),
    h('p', {}, 'Give the director\'s token (tenace host prints it; CreateSession returns it). '
      + 'It is kept in this browser.'), input, ' ', h('button', { type: 'submit' }, 'Direct')));
    return;
  }
  const area = h('section', { cls: 'console' }, h('p', {}, 'Loading the session…'));
  main.replaceChildren(area);
  const abort = new AbortController();
  let stopped = false;
  leaving(() => { stopped = true; abort.abort(); });
  const view = { status: null, tables: [], results: null, proposal: null };
  const draw = () => consoleScreen(area, sessionId, token, view);
  const refreshTables = async () => {
    try {
      view.tables = (await unary(TS + 'ListTables', {})).tables || [];
    } catch (e) {
      // the progress shows next time
    }
    draw();
  };
  (async () => {
    let from = 0;
    while (!stopped) {
      try {
        // From the version before the last one seen: the server answers at once with the
        // session as it stands (a quiet session would otherwise say nothing until it changes).
        const since = String(Math.max(0, from - 1));
        await call(SS + 'WatchSession', { sessionId, fromVersion: since }, {
          token, signal: abort.signal,
          onMessage: (m) => {
            banner.hidden = true;
            view.status = m.status;
            from = Number(m.status.version || 0);
            refreshTables();
          },
        });
        draw(); // over: the stream ended well
        return;
      } catch (e) {
        if (stopped || e.name === 'AbortError') return;
        if (e.code === 'UNAUTHENTICATED' || e.code === 'NOT_FOUND'
          || e.code === 'PERMISSION_DENIED') {
          if (e.code !== 'NOT_FOUND') localStorage.removeItem('tenace.director.session.' + sessionId);
          area.replaceChildren(h('p', {}, words(e)));
          return;
        }
        banner.textContent = 'Connection lost: reconnecting…';
        banner.hidden = false;
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  })();
}

/** Sends a director's request; says what it did, or the refusal in words. */
async function direct(method, request, token, done) {
  say('');
  try {
    const r = await unary(SS + method, request, token);
    say(done(r), 'info');
    return r;
  } catch (e) {
    say(words(e));
    return null;
  }
}

function whereNow(s) {
  if (s.state === 'SESSION_STATE_PLAYING') return 'round ' + s.round + ' of ' + s.rounds + ' in play';
  return 'the session is ' + stateText(s);
}

function consoleScreen(area, id, token, view) {
  const s = view.status;
  if (!s) return;
  const parts = [h('h2', {}, (s.name || 'Session') + ' · directing'),
    h('p', { cls: 'state', 'data-state': s.state }, s.movement + ' · ' + s.pairs + ' pairs · '
      + whereNow(s) + ' · ' + (s.boardsFinished || 0) + ' of ' + s.boardsTotal
      + ' boards played')];
  const entries = s.entries || [];
  if (s.state === 'SESSION_STATE_WAITING') {
    const address = location.origin + '/#/session/' + encodeURIComponent(id);
    parts.push(h('p', {}, 'Pairs join at ', h('a', { href: address }, address),
      ' (or tenace join --session ' + id + '). Joined: ' + entries.length + ' of ' + s.pairs + '.'),
    h('ul', { cls: 'entries' }, entries.map((e) => h('li', {}, 'pair ' + e.pair + ': ' + e.name))),
    h('button', { id: 'start', onclick: () => direct('StartSession', { sessionId: id }, token,
      (r) => 'Session ' + id + ' started: ' + whereNow(r.status) + '.') }, 'Start the session'));
  }
  if (s.state === 'SESSION_STATE_PLAYING') {
    parts.push(roundTables(s, view.tables));
    const end = h('form', { id: 'end-round', onsubmit: (e) => {
      e.preventDefault();
      const score = scoreOf(end);
      direct('EndRound', { sessionId: id, round: s.round, score }, token, (r) => 'Round '
        + s.round + ' moved on, ' + (r.adjusted || 0) + ' board(s) given an adjusted score; '
        + whereNow(r.status) + '.');
    } }, h('b', {}, 'End round ' + s.round), ' unplayed boards get NS ', scoreSelect('ns', 'A'),
    ' EW ', scoreSelect('ew', 'A'), ' ', h('button', { type: 'submit' }, 'End the round'));
    parts.push(end);
  }
  if (s.state === 'SESSION_STATE_PLAYING' || s.state === 'SESSION_STATE_FINISHED') {
    const round = h('input', { name: 'round', type: 'number', min: 1, max: s.rounds,
      value: s.round || 1, 'aria-label': 'round' });
    const table = h('input', { name: 'table', type: 'number', min: 1, value: 1,
      'aria-label': 'table' });
    const board = h('input', { name: 'board', type: 'number', min: 1, max: s.boards, value: 1,
      'aria-label': 'board' });
    // An assigned score (a result, a weighted score; split when East-West's is given) when
    // written, else the artificial one the selects say.
    const assignNs = h('input', { name: 'assignNs', size: 22, autocomplete: 'off',
      placeholder: '4S= by N, or 60% 4S= by N, 40% 4S-1 by N',
      'aria-label': 'an assigned score (North-South\'s when split)' });
    const assignEw = h('input', { name: 'assignEw', size: 14, autocomplete: 'off',
      placeholder: 'split: East-West\'s', 'aria-label': 'East-West\'s assigned score, when split' });
    const adjust = h('form', { id: 'adjust', onsubmit: (e) => {
      e.preventDefault();
      const request = { sessionId: id, round: Number(round.value), table: Number(table.value),
        board: Number(board.value) };
      const ns = assignNs.value.trim();
      const ew = assignEw.value.trim();
      let said;
      try {
        if (ns) {
          request.assigned = { northSouth: assignedOf(ns) };
          if (ew && ew !== ns) request.assigned.eastWest = assignedOf(ew);
          said = ew && ew !== ns ? 'NS ' + ns + '; EW ' + ew : ns;
        } else {
          request.score = scoreOf(adjust);
          said = new FormData(adjust).get('ns') + '/' + new FormData(adjust).get('ew');
        }
      } catch (err) {
        say(err.message);
        return;
      }
      direct('AssignAdjustedScore', request, token, () => 'Board ' + board.value + ' at table '
        + table.value + ', round ' + round.value + ': ' + said + '.');
    } }, h('b', {}, 'Adjust'), ' round ', round, ' table ', table, ' board ', board, ' NS ',
    scoreSelect('ns', 'A+'), ' EW ', scoreSelect('ew', 'A-'), ' or assign ', assignNs, ' ',
    assignEw, ' ', h('button', { type: 'submit' }, 'Adjust'));
    parts.push(adjust);
  }
  if (s.state === 'SESSION_STATE_PLAYING' || s.state === 'SESSION_STATE_FINISHED') {
    parts.push(penaltyForm(id, token, s));
  }
  if (s.state === 'SESSION_STATE_PLAYING' || s.state === 'SESSION_STATE_WAITING') {
    parts.push(absentForm(id, token, s), substituteForm(id, token, s),
      repairForm(id, token, s, view, () => consoleScreen(area, id, token, view)));
  }
  if (s.state === 'SESSION_STATE_PLAYING' || s.state === 'SESSION_STATE_WAITING') {
    const pair = h('select', { name: 'pair', 'aria-label': 'the pair' },
      entries.map((e) => h('option', { value: e.pair }, 'pair ' + e.pair + ': ' + e.name)));
    parts.push(h('form', { id: 'replace', onsubmit: (e) => {
      e.preventDefault();
      direct('ReplaceByRobot', { sessionId: id, pair: Number(pair.value) }, token,
        () => 'Robots play pair ' + pair.value + ' from now on.');
    } }, h('b', {}, 'Replace'), ' ', pair, ' ', h('button', { type: 'submit',
      disabled: !entries.length }, 'by robots')),
    h('button', { id: 'abort', cls: 'danger', onclick: () => {
      if (!window.confirm('Stop session ' + id + ' for good? Its tables close; its results'
        + ' stay as they are.')) return;
      direct('AbortSession', { sessionId: id }, token, (r) => 'Session ' + id
        + ' aborted in round ' + r.status.round + ' of ' + r.status.rounds + '.');
    } }, 'Abort the session'));
  }
  if ((s.directorActions || []).length) {
    parts.push(h('h3', {}, 'The director\'s actions'), h('ol', { id: 'director-actions' },
      s.directorActions.map((x) => h('li', {}, x))));
  }
  parts.push(h('h3', {}, 'Standings'), rankingView(s.standings, 0),
    h('p', {}, h('button', { id: 'export', onclick: async () => {
      const r = await direct('GetResults', { sessionId: id }, token,
        () => 'The results as they stand, with the hand record to download.');
      if (r) {
        view.results = r;
        consoleScreen(area, id, token, view);
      }
    } }, 'Export the results')));
  if (view.results) parts.push(resultsView(view.results, 0, false)); // the standings are above
  const typed = keptFields(area);
  area.replaceChildren(...parts);
  typed();
}

/**
 * A Watch button where the table admits kibitzers; else why not (a session's tables admit none
 * while its boards are still to be played elsewhere).
 */
function watchOrWhy(id, info) {
  if (!id || info.status === 'TABLE_STATUS_CLOSED') return '';
  if (kibitzable(info)) return h('button', { onclick: () => join(id, 'ROLE_KIBITZER') }, 'Watch');
  return h('span', { cls: 'note' }, 'no kibitzers');
}

/** Every table of the round in play: who sits there, its boards and how far it is. */
function roundTables(s, tables) {
  const plan = (s.plan || [])[s.round - 1] || {};
  const byTable = new Map();
  for (const a of plan.assignments || []) {
    if (!a.table) continue;
    const t = byTable.get(a.table) || { table: a.table, boards: a.boards || [] };
    if (a.direction === 'DIRECTION_NORTH_SOUTH') t.ns = a.pair; else t.ew = a.pair;
    byTable.set(a.table, t);
  }
  const ids = plan.tableIds || [];
  const name = (p) => {
    const e = (s.entries || []).find((x) => x.pair === p);
    return 'pair ' + p + (e ? ' (' + e.name + ')' : ' (robots)');
  };
  const rows = [...byTable.values()].sort((a, b) => a.table - b.table).map((t) => {
    const id = ids[t.table - 1];
    // A table the server no longer lists has played its boards and closed: no Watch there.
    const info = tables.find((x) => x.tableId === id)
      || (id ? { status: 'TABLE_STATUS_CLOSED' } : {});
    const done = info.status === 'TABLE_STATUS_CLOSED' ? t.boards.length
      : info.boardsCompleted || 0;
    return h('tr', { 'data-table': t.table },
      h('td', { cls: 'name' }, 'Table ' + t.table),
      h('td', { 'data-label': 'NS' }, name(t.ns)), h('td', { 'data-label': 'EW' }, name(t.ew)),
      h('td', { 'data-label': 'Boards' }, t.boards.join(', ')),
      h('td', { cls: 'progress' }, done + ' of ' + t.boards.length + ' played'
        + (info.status === 'TABLE_STATUS_PLAYING' && info.boardNumber ? ', board '
          + info.boardNumber + ' in play' : '')),
      h('td', { cls: 'act' }, watchOrWhy(id, info)));
  });
  return h('div', {}, h('h3', {}, 'Round ' + s.round + ' of ' + s.rounds),
    h('table', { cls: 'round stack', 'aria-label': 'the tables of the round' },
      h('thead', {}, h('tr', {}, ['Table', 'North-South', 'East-West', 'Boards', 'Progress', '']
        .map((x) => h('th', {}, x)))), h('tbody', {}, rows)));
}


/**
 * What the director has typed or chosen in the console's forms, and where the cursor is: the
 * console is drawn again at every change of the session (every board played), and the returned
 * function puts them back in the forms drawn anew.
 */
function keptFields(area) {
  const key = (el) => el.form && el.form.id && el.name ? el.form.id + '/' + el.name : null;
  const kept = new Map();
  for (const el of area.querySelectorAll('form[id] [name]')) {
    if (key(el)) kept.set(key(el), el.type === 'checkbox' ? el.checked : el.value);
  }
  const focused = document.activeElement && area.contains(document.activeElement)
    ? key(document.activeElement) : null;
  return () => {
    for (const el of area.querySelectorAll('form[id] [name]')) {
      const k = key(el);
      if (!k || !kept.has(k)) continue;
      const v = kept.get(k);
      if (el.type === 'checkbox') el.checked = v;
      else if (el.tagName !== 'SELECT' || [...el.options].some((o) => o.value === v)) el.value = v;
      if (k === focused) el.focus();
    }
  };
}

const PART = /^(?:(\d{1,3})\s*%\s*(?:of\s+)?)?(\d)\s*(NT|[CDHSN])\s*(XX|X)?\s*(=|[+-]\s*\d{1,2})\s*by\s+([NESW])$/i;
const STRAIN_OF = { C: 'STRAIN_CLUBS', D: 'STRAIN_DIAMONDS', H: 'STRAIN_HEARTS', S: 'STRAIN_SPADES',
  N: 'STRAIN_NO_TRUMP', NT: 'STRAIN_NO_TRUMP' };
const SEAT_OF = { N: 'SEAT_NORTH', E: 'SEAT_EAST', S: 'SEAT_SOUTH', W: 'SEAT_WEST' };

/**
 * An assigned score as a director writes it (`4S= by N`, `3NTx-2 by E`, `60% 4S= by N, 40%
 * 4S-1 by N`), as tenace direct adjust reads it, into AssignedScore's results; the server
 * checks the rest (the weights add up to 100, a possible number of tricks).
 */
function assignedOf(text) {
  const pieces = text.split(/\s*(?:,|\+(?=\s*\d{1,3}\s*%))\s*/);
  return pieces.map((piece) => {
    const m = PART.exec(piece.trim());
    if (!m) {
      throw new Error('Not an assigned result: \'' + piece.trim() + '\' (write it as 4S= by N, '
        + '3NTx-2 by E or 60% 4S= by N, 40% 4S-1 by N).');
    }
    if (!m[1] && pieces.length > 1) {
      throw new Error('Each part of a weighted score needs its percentage: \'' + piece.trim()
        + '\'.');
    }
    const level = Number(m[2]);
    const r = m[5].replace(/\s/g, '');
    const doubling = { X: 'DOUBLING_DOUBLED', XX: 'DOUBLING_REDOUBLED' }[(m[4] || '')
      .toUpperCase()] || 'DOUBLING_UNDOUBLED';
    return { percent: m[1] ? Number(m[1]) : 100,
      contract: { level, strain: STRAIN_OF[m[3].toUpperCase()], doubling,
        declarer: SEAT_OF[m[6].toUpperCase()] },
      tricks: level + 6 + (r === '=' ? 0 : Number(r)) };
  });
}

/** A number field of a director's form. */
function numberField(name, label, value, min, max) {
  return h('input', { name, type: 'number', min, max, value, required: true,
    'aria-label': label });
}

/** A procedural penalty (Law 90): `tenace direct penalty`. */
function penaltyForm(id, token, s) {
  const mp = s.scoring === 'SESSION_SCORING_MATCHPOINTS';
  const pair = numberField('pair', 'the pair penalised', 1, 1, s.pairs);
  const board = numberField('board', 'the board', 1, 1, s.boards);
  const amount = h('input', { name: 'amount', inputmode: 'decimal', required: true, size: 5,
    value: mp ? '0.5' : '1', 'aria-label': 'how much' });
  const unit = h('select', { name: 'unit', 'aria-label': 'in what' }, mp
    ? [h('option', { value: 'matchpoints' }, 'MPs'),
      h('option', { value: 'percentOfTop' }, '% of a top')]
    : [h('option', { value: 'imps' }, 'IMPs')]);
  const form = h('form', { id: 'penalty', onsubmit: (e) => {
    e.preventDefault();
    direct('AssignProceduralPenalty', { sessionId: id, pair: Number(pair.value),
      board: Number(board.value), [unit.value]: amount.value.trim() }, token,
    (r) => 'Session ' + id + ': ' + r.done + ' (a procedural penalty, Law 90).');
  } }, h('b', {}, 'Penalty'), ' (Law 90) pair ', pair, ' board ', board, ' loses ', amount, ' ',
  unit, ' ', h('button', { type: 'submit' }, 'Give the penalty'));
  return form;
}

/** A pair late, leaving or never coming: `tenace direct absent`. */
function absentForm(id, token, s) {
  const pair = numberField('pair', 'the pair', 1, 1, s.pairs);
  // (Proto's JSON leaves a 0 out: before the start there is no round.)
  const from = numberField('from', 'the first round it misses',
    Math.min((s.round || 0) + 1, s.rounds), 1, s.rounds);
  const to = numberField('to', 'the last round it misses', s.rounds, 1, s.rounds);
  return h('form', { id: 'absent', onsubmit: (e) => {
    e.preventDefault();
    direct('MarkPairAbsent', { sessionId: id, pair: Number(pair.value),
      fromRound: Number(from.value), toRound: Number(to.value) }, token, () => 'Pair '
      + pair.value + ' misses round' + (from.value === to.value ? ' ' + from.value
        : 's ' + from.value + ' to ' + to.value) + '; its opponents sit out then.');
  } }, h('b', {}, 'Absent'), ' pair ', pair, ' misses rounds ', from, ' to ', to, ' ',
  h('button', { type: 'submit' }, 'Mark absent'));
}

/** A substitute for one player of a pair: `tenace direct substitute`. */
function substituteForm(id, token, s) {
  const pair = h('select', { name: 'pair', 'aria-label': 'the pair' },
    (s.entries || []).map((e) => h('option', { value: e.pair }, 'pair ' + e.pair + ': '
      + e.name)));
  const seat = h('select', { name: 'seat', 'aria-label': 'the seat' },
    h('option', { value: 'SEAT_NORTH' }, 'North or East'),
    h('option', { value: 'SEAT_SOUTH' }, 'South or West'));
  const robot = h('input', { type: 'checkbox', name: 'robot', checked: true });
  return h('form', { id: 'substitute', onsubmit: (e) => {
    e.preventDefault();
    direct('SubstitutePlayer', { sessionId: id, pair: Number(pair.value), seat: seat.value,
      robot: robot.checked }, token, (r) => 'Session ' + id + ': ' + r.done + '.');
  } }, h('b', {}, 'Substitute'), ' ', pair, ' seat ', seat, ' ',
  h('label', {}, robot, ' a robot'), ' ', h('button', { type: 'submit',
    disabled: !(s.entries || []).length }, 'Seat a substitute'));
}

/**
 * Live movement repair: `tenace direct repair propose`, the proposal with the check's words,
 * and `accept`. The proposal stays on the console until accepted or replaced.
 */
function repairForm(id, token, s, view, redraw) {
  const change = h('select', { name: 'change', 'aria-label': 'the change in the room' },
    h('option', { value: 'leaves' }, 'a pair leaves'),
    h('option', { value: 'arrives' }, 'a late pair arrives'),
    h('option', { value: 'added' }, 'a table is added (two pairs arrive)'),
    h('option', { value: 'removed' }, 'a table is removed (two pairs leave)'));
  const first = numberField('pair', 'the pair that leaves', 1, 1, s.pairs);
  const second = numberField('second', 'the other pair that leaves', 2, 1, s.pairs);
  const after = numberField('after', 'the last round as it stands (0: the round in play)', 0, 0,
    s.rounds);
  const form = h('form', { id: 'repair', onsubmit: async (e) => {
    e.preventDefault();
    const request = { sessionId: id, afterRound: Number(after.value) };
    if (change.value === 'leaves') request.pairLeaves = Number(first.value);
    else if (change.value === 'arrives') request.pairArrives = true;
    else if (change.value === 'added') request.tableAdded = true;
    else request.tableRemoved = { firstPair: Number(first.value),
      secondPair: Number(second.value) };
    const r = await direct('ProposeRepair', request, token, (x) => 'Repair proposed from round '
      + ((x.repair.afterRound || 0) + 1) + ' (' + x.repair.change + '): accept it to play it.');
    if (r) {
      view.proposal = r.repair;
      redraw();
    }
  } }, h('b', {}, 'Repair the movement'), ' ', change, ' pair ', first, ' (and ', second,
  ' for a table removed) after round ', after, ' ', h('button', { type: 'submit' }, 'Propose'));
  const parts = [form];
  const p = view.proposal;
  if (p) {
    const defects = p.defects || [];
    parts.push(h('div', { id: 'repair-proposal', cls: 'proposal' },
      h('p', {}, 'Repair from round ' + ((p.afterRound || 0) + 1) + ' (' + p.change + '): '
        + p.movement + ', ' + p.pairs + ' pairs at ' + p.tables + ' tables'),
      h('ul', { cls: 'changes' }, (p.changes || []).map((x) => h('li', {}, x))),
      h('p', { cls: 'check', 'data-defects': defects.length }, defects.length
        ? 'The check finds ' + defects.length + ' defect(s):'
        : 'The check finds nothing wrong: no pair meets another twice or plays a board twice.'),
      defects.length ? h('ul', { cls: 'defects' }, defects.map((d) => h('li', {}, d.words)))
        : '',
      p.playable ? h('button', { id: 'accept-repair', onclick: async () => {
        const r = await direct('AcceptRepair', { sessionId: id }, token, (x) => 'Movement '
          + 'repaired from round ' + ((x.repair.afterRound || 0) + 1) + ' (' + x.repair.change
          + '): ' + x.repair.movement + '; ' + whereNow(x.status) + '.');
        if (r) {
          view.proposal = null;
          redraw();
        }
      } }, 'Accept the repair') : ''));
  }
  return h('div', {}, ...parts);
}
