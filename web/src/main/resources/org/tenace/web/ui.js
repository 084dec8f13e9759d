// What every screen of the page shares: the seats' names, a refusal in words, the little DOM
// helpers and what the browser keeps (localStorage: the name and each seat's token, never in
// the address).

import { GrpcError } from './grpc.js';

export const SEAT_NAME = { SEAT_NORTH: 'North', SEAT_EAST: 'East', SEAT_SOUTH: 'South', SEAT_WEST: 'West' };
export const SEAT_LETTER = { SEAT_NORTH: 'N', SEAT_EAST: 'E', SEAT_SOUTH: 'S', SEAT_WEST: 'W' };

// What each refusal means, in a player's words; the server's own sentence follows it.
const REFUSALS = {
  OUT_OF_TURN: 'It is not your turn',
  INSUFFICIENT_BID: 'That bid is not high enough',
  INADMISSIBLE_DOUBLE: 'You cannot double now',
  INADMISSIBLE_REDOUBLE: 'You cannot redouble now',
  CALL_AFTER_FINAL_PASS: 'The auction is over',
  CALL_BARRED: 'You are barred from that call',
  BID_ABOVE_SEVEN: 'No bid goes above seven',
  REVOKE: 'You must follow suit',
  CARD_NOT_HELD: 'That card is not in the hand',
  LEAD_RESTRICTED: 'That lead is restricted',
  NOT_PLAYING: 'The play has not started',
  NOT_YOUR_SEAT: 'That is not your seat to act for',
  DUMMY_CANNOT_PLAY: 'Dummy does not play: declarer plays dummy\'s cards',
  SEAT_TAKEN: 'That seat has just been taken',
  TABLE_NOT_FOUND: 'That table is no longer on the server',
  TABLE_CLOSED: 'The table is closed',
  TOKEN_INVALID: 'Your seat is no longer yours (you left it, or the table closed)',
  SEAT_REPLACED: 'The director has seated a substitute in your place',
  TOKEN_MISSING: 'Take a seat first',
  WRONG_TABLE: 'Your seat is at another table',
  STALE_VERSION: 'The table moved on meanwhile; look again',
  TOO_MANY_TABLES: 'The server runs as many tables as it may; join an open one',
  TOO_MANY_TABLES_FOR_CLIENT: 'You have as many open tables as one player may; finish one first',
  CREATE_KEY_REQUIRED: 'This server creates tables only for those who have its key: ask its '
    + 'operator, and give it as the create key',
  KIBITZING_NOT_ALLOWED: 'This table admits no kibitzers',
  CLAIM_PENDING: 'A claim awaits its answers',
  BAD_CLAIM: 'That claim is not possible',
  DECISION_PENDING: 'Something must be settled first',
  UNDO_NOT_ALLOWED: 'That cannot be undone',
  NO_BOARD: 'No board is in play',
  NOT_ENTITLED: 'That is not yours to answer',
  MALFORMED: 'The server could not take that',
  SHUTTING_DOWN: 'The server is stopping',
  STORE_UNAVAILABLE: 'The server could not record that; try again soon',
  NOT_DIRECTOR: 'Only the session\'s director may do that',
  WRONG_STATE: 'Not now',
  PAIR_TAKEN: 'That pair has been taken; choose another, or the next free one',
  SESSION_NOT_FOUND: 'That session is no longer on the server',
};

/** A refusal or failure in one sentence of words. */
export function words(e) {
  if (!(e instanceof GrpcError)) return 'Something went wrong: ' + (e && e.message);
  const said = REFUSALS[e.reason];
  if (said && e.description) return said + ': ' + e.description + '.';
  return (said || e.description || e.code) + '.';
}

// ---- little DOM helpers ---------------------------------------------------------------------

/** An element with attributes (on* as listeners) and children (strings become text). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'cls') el.className = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

export function say(text, kind = 'error') {
  const m = document.getElementById('message');
  m.textContent = text || '';
  m.className = kind;
  m.hidden = !text;
}

let carried = null;

/**
 * Says `text` now and on the screen the page is going to: a change of screen clears the message
 * (app.js), which would else take away why the page left a table the moment it left.
 */
export function sayOnNextScreen(text, kind = 'error') {
  carried = { text, kind };
  say(text, kind);
}

/** What the last screen left to say on this one ({ text, kind }), once; or null. */
export function carriedOver() {
  const c = carried;
  carried = null;
  return c;
}

export function uuid() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

// ---- what the browser keeps -----------------------------------------------------------------

export const store = {
  name: () => localStorage.getItem('tenace.name') || '',
  setName: (n) => localStorage.setItem('tenace.name', n),
  seat: (table) => JSON.parse(localStorage.getItem('tenace.seat.' + table) || 'null'),
  setSeat: (table, seat) => localStorage.setItem('tenace.seat.' + table, JSON.stringify(seat)),
  forget: (table) => localStorage.removeItem('tenace.seat.' + table),
};
