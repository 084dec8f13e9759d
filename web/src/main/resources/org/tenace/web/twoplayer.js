// A two-player table (honeymoon bridge and its simpler forms, docs/two-player.md) in the page:
// the server sends the whole deal as this player may see it with every change (TwoPlayerView),
// so the page draws that and nothing else. The stock stays face down but for its turned-up card;
// the other player's hand is never sent until the deal is over.

import { h, SEAT_NAME } from './ui.js';
import { SUITS, SUIT, RANK, STRAINS, STRAIN, cardCode, cardName, callCode, callText,
  callWords } from './words.js';

const PHASE = { TWO_PLAYER_PHASE_AUCTION: 'The auction',
  TWO_PLAYER_PHASE_EXCHANGE: 'The exchange: 13 tricks that draw from the stock',
  TWO_PLAYER_PHASE_PLAY: 'The play: 13 scored tricks', TWO_PLAYER_PHASE_COMPLETE: 'The deal is over' };
const VARIANT = { VARIANT_HONEYMOON: 'Honeymoon bridge', VARIANT_NO_TRUMP: 'Two-player, no trumps',
  VARIANT_TRUMPS: 'Two-player, trumps' };

function same(a, b) {
  return a.suit === b.suit && a.rank === b.rank;
}

function handView(tp, s, me, act) {
  const hand = (tp.hands || []).find((x) => x.seat === s);
  const el = h('div', { cls: 'hand ' + (s === me ? 'bottom' : 'top'), 'data-seat': s });
  if (!hand) {
    el.append(h('div', { cls: 'hidden' }, 'hidden'));
    return el;
  }
  const legal = tp.toAct === s && s === me ? tp.legalCards || [] : [];
  for (const suit of SUITS) {
    const cards = (hand.cards || []).filter((c) => c.suit === suit);
    el.append(h('div', { cls: 'suit ' + SUIT[suit].cls },
      h('span', { cls: 'symbol', 'aria-label': SUIT[suit].name }, SUIT[suit].symbol),
      cards.length ? cards.map((c) => {
        const ok = legal.some((l) => same(l, c));
        return h('button', { cls: 'card' + (ok ? ' legal' : ''), 'data-card': cardCode(c),
          'data-seat': s, 'aria-label': cardName(c), disabled: !ok,
          onclick: ok ? () => act('PlayCard', { seat: me, card: c }) : null }, RANK[c.rank]);
      }) : h('span', { cls: 'void' }, '—')));
  }
  return el;
}

function played(pc, pos) {
  return h('div', { cls: 'played ' + pos + ' ' + SUIT[pc.card.suit].cls,
    'data-card': cardCode(pc.card), 'data-seat': pc.seat,
    'aria-label': SEAT_NAME[pc.seat] + ': ' + cardName(pc.card) },
  RANK[pc.card.rank] + SUIT[pc.card.suit].symbol);
}

function biddingBox(tp, me, act) {
  const legal = (tp.legalCalls || []).map(callCode);
  const button = (c) => h('button', { 'data-call': callCode(c), disabled: !legal.includes(callCode(c)),
    'aria-label': callWords(c), cls: c.bid ? STRAIN[c.bid.strain].cls : 'other',
    onclick: () => act('MakeCall', { seat: me, call: c }) }, callText(c));
  const levels = [];
  for (let level = 1; level <= 7; level++) {
    levels.push(h('div', { cls: 'level' }, STRAINS.map((strain) => button({ bid: { level,
      strain } }))));
  }
  return h('div', { id: 'bidding', cls: 'bidding', role: 'group', 'aria-label': 'your call' },
    levels, h('div', { cls: 'level' }, button({ other: 'OTHER_CALL_PASS' })));
}

/**
 * The two-player table: the other player's hand (hidden) above, yours below, the stock and its
 * turned-up card, the trick, and beside them the deal, the auction, the result and the totals.
 * `act(method, request)` sends a command.
 */
export function twoPlayerView(tp, me, viewer, what, act) {
  const other = me === 'SEAT_NORTH' ? 'SEAT_SOUTH' : 'SEAT_NORTH';
  const pos = { [me]: 'bottom', [other]: 'top' };
  const trick = h('div', { cls: 'trick', 'aria-label': 'the trick' },
    (tp.trick || []).map((pc) => played(pc, pos[pc.seat])));
  const stock = tp.stockCount ? h('div', { cls: 'stock', 'data-stock': tp.stockCount },
    'Stock: ' + tp.stockCount + ' cards', tp.turnedUp ? [' · turned up ', h('b', {
      cls: SUIT[tp.turnedUp.suit].cls, 'data-turned-up': cardCode(tp.turnedUp) },
    RANK[tp.turnedUp.rank] + SUIT[tp.turnedUp.suit].symbol)] : null) : null;
  const plate = (s) => h('div', { cls: 'plate' + (tp.toAct === s ? ' turn' : '') },
    h('b', {}, SEAT_NAME[s]), s === me && viewer.role === 'ROLE_PLAYER' ? ' (you)' : '',
    tp.dealer === s ? h('span', { cls: 'tag', title: 'dealer' }, 'D') : null,
    (tp.vulnerable || []).includes(s) ? h('span', { cls: 'tag' }, 'vulnerable') : null);
  const compass = h('div', { cls: 'compass two' },
    h('div', { cls: 'seat top' }, plate(other), handView(tp, other, me, act)),
    h('div', { cls: 'seat middle' }, stock, trick),
    h('div', { cls: 'seat bottom' }, plate(me), handView(tp, me, me, act)));
  const side = h('aside', { cls: 'side' });
  side.append(h('p', { cls: 'board' }, h('b', {}, (VARIANT[tp.variant] || 'Two players')
    + (tp.dealNumber ? ', deal ' + tp.dealNumber : '')), tp.dealer ? ' · dealer '
    + SEAT_NAME[tp.dealer] : '', tp.variant === 'VARIANT_TRUMPS' && tp.trump ? [' · trumps ',
    h('span', { cls: 'trump ' + SUIT[tp.trump].cls, 'data-trump': tp.trump,
      'aria-label': SUIT[tp.trump].name }, SUIT[tp.trump].symbol)] : null));
  if (tp.phase) side.append(h('p', { cls: 'phase', 'data-phase': tp.phase }, PHASE[tp.phase]));
  if (what) side.append(h('p', { id: 'what', cls: 'what' }, what + '.'));
  const k = tp.contract;
  if (k) {
    side.append(h('p', { cls: 'contract' }, k.level + STRAIN[k.strain].symbol + ' by '
      + SEAT_NAME[k.declarer]));
  }
  if ((tp.auction || []).length) {
    side.append(h('p', { cls: 'auction two', 'aria-label': 'the auction' },
      (tp.auction || []).map((a) => h('span', { cls: 'call', 'data-call': callCode(a.call),
        'data-seat': a.seat }, SEAT_NAME[a.seat][0] + ' ' + callText(a.call) + ' '))));
  }
  if (tp.phase === 'TWO_PLAYER_PHASE_EXCHANGE' || tp.phase === 'TWO_PLAYER_PHASE_PLAY') {
    side.append(h('p', { cls: 'tricks' }, 'Exchange tricks: North ' + (tp.exchangeTricksNorth
      || 0) + ' · South ' + (tp.exchangeTricksSouth || 0)),
    h('p', { cls: 'tricks', 'data-north': tp.scoredTricksNorth || 0,
      'data-south': tp.scoredTricksSouth || 0 }, 'Scored tricks: North '
      + (tp.scoredTricksNorth || 0) + ' · South ' + (tp.scoredTricksSouth || 0)));
  }
  const last = tp.lastTrick;
  if (last && (last.cards || []).length) {
    side.append(h('p', { cls: 'last' }, 'Last trick: ', (last.cards || []).map((pc) =>
      SEAT_NAME[pc.seat][0] + ' ' + RANK[pc.card.rank] + SUIT[pc.card.suit].symbol + ' '),
    '· ' + SEAT_NAME[last.winner] + ' won', last.winnerTook ? ' and took '
      + RANK[last.winnerTook.rank] + SUIT[last.winnerTook.suit].symbol : '',
    last.loserDrew ? '; you drew ' + RANK[last.loserDrew.rank] + SUIT[last.loserDrew.suit].symbol
      : ''));
  }
  const r = tp.result;
  if (tp.phase === 'TWO_PLAYER_PHASE_COMPLETE' && r) {
    side.append(h('div', { id: 'result', cls: 'result', 'data-score-north': r.scoreNorth || 0,
      'data-score-south': r.scoreSouth || 0 },
    h('h3', {}, 'Deal ' + tp.dealNumber + ' is over'),
    r.passedOut ? h('p', {}, 'Passed out.') : h('p', {}, 'Tricks: North ' + (r.tricksNorth || 0)
      + ' · South ' + (r.tricksSouth || 0)),
    h('p', {}, 'Score: North ' + (r.scoreNorth || 0) + ' · South ' + (r.scoreSouth || 0))));
  }
  side.append(h('p', { cls: 'totals', 'data-north': tp.totalNorth || 0,
    'data-south': tp.totalSouth || 0 }, 'Totals: North ' + (tp.totalNorth || 0) + ' · South '
    + (tp.totalSouth || 0)));
  const mine = viewer.role === 'ROLE_PLAYER' && tp.toAct === me;
  if (mine && (tp.legalCalls || []).length) side.append(biddingBox(tp, me, act));
  if (viewer.role === 'ROLE_PLAYER' && tp.phase === 'TWO_PLAYER_PHASE_COMPLETE'
      && !(tp.ready || []).includes(me)) {
    side.append(h('button', { id: 'ready', onclick: () => act('MarkReady', {}) }, 'Next deal'));
  }
  return { compass, side, turn: mine ? ((tp.legalCalls || []).length ? 'call'
    : (tp.legalCards || []).length ? 'play' : '') : tp.phase === 'TWO_PLAYER_PHASE_COMPLETE'
      && viewer.role === 'ROLE_PLAYER' && !(tp.ready || []).includes(me) ? 'ready' : '' };
}
