// The table's words: suits, ranks, strains and calls as the page shows them (symbols, colours'
// classes) and says them (a screen reader's words), as the terminal client writes them.

import { SEATS } from './model.js';

export const SUITS = ['SUIT_SPADES', 'SUIT_HEARTS', 'SUIT_DIAMONDS', 'SUIT_CLUBS'];
export const SUIT = {
  SUIT_SPADES: { symbol: '♠', letter: 'S', name: 'spades', cls: 's' },
  SUIT_HEARTS: { symbol: '♥', letter: 'H', name: 'hearts', cls: 'h' },
  SUIT_DIAMONDS: { symbol: '♦', letter: 'D', name: 'diamonds', cls: 'd' },
  SUIT_CLUBS: { symbol: '♣', letter: 'C', name: 'clubs', cls: 'c' },
};
export const RANK = { RANK_ACE: 'A', RANK_KING: 'K', RANK_QUEEN: 'Q', RANK_JACK: 'J',
  RANK_TEN: '10', RANK_NINE: '9', RANK_EIGHT: '8', RANK_SEVEN: '7', RANK_SIX: '6',
  RANK_FIVE: '5', RANK_FOUR: '4', RANK_THREE: '3', RANK_TWO: '2' };
const RANK_NAME = { RANK_ACE: 'ace', RANK_KING: 'king', RANK_QUEEN: 'queen', RANK_JACK: 'jack',
  RANK_TEN: 'ten', RANK_NINE: 'nine', RANK_EIGHT: 'eight', RANK_SEVEN: 'seven', RANK_SIX: 'six',
  RANK_FIVE: 'five', RANK_FOUR: 'four', RANK_THREE: 'three', RANK_TWO: 'two' };
export const STRAINS = ['STRAIN_CLUBS', 'STRAIN_DIAMONDS', 'STRAIN_HEARTS', 'STRAIN_SPADES',
  'STRAIN_NO_TRUMP'];
export const STRAIN = {
  STRAIN_CLUBS: { symbol: '♣', letter: 'C', cls: 'c' },
  STRAIN_DIAMONDS: { symbol: '♦', letter: 'D', cls: 'd' },
  STRAIN_HEARTS: { symbol: '♥', letter: 'H', cls: 'h' },
  STRAIN_SPADES: { symbol: '♠', letter: 'S', cls: 's' },
  STRAIN_NO_TRUMP: { symbol: 'NT', letter: 'NT', cls: 'nt' },
};
export const VULNERABLE = {
  VULNERABILITY_NONE: [], VULNERABILITY_NORTH_SOUTH: ['SEAT_NORTH', 'SEAT_SOUTH'],
  VULNERABILITY_EAST_WEST: ['SEAT_EAST', 'SEAT_WEST'], VULNERABILITY_BOTH: SEATS,
};
export const VULNERABILITY_WORDS = { VULNERABILITY_NONE: 'None vulnerable',
  VULNERABILITY_NORTH_SOUTH: 'N-S vulnerable', VULNERABILITY_EAST_WEST: 'E-W vulnerable',
  VULNERABILITY_BOTH: 'Both vulnerable' };

/** A card as the tests and the keyboard know it: SA, HT, C2. */
export function cardCode(c) {
  return SUIT[c.suit].letter + (RANK[c.rank] === '10' ? 'T' : RANK[c.rank]);
}

/** A card as the terminal writes it: ♥K, ♠10. */
export function cardText(c) {
  return SUIT[c.suit].symbol + RANK[c.rank];
}

/** A card in words: the king of hearts. */
export function cardName(c) {
  return RANK_NAME[c.rank] + ' of ' + SUIT[c.suit].name;
}

/** A call as the tests and the keyboard know it: 1NT, 4S, P, X, XX. */
export function callCode(c) {
  if (c.bid) return c.bid.level + STRAIN[c.bid.strain].letter;
  return { OTHER_CALL_PASS: 'P', OTHER_CALL_DOUBLE: 'X', OTHER_CALL_REDOUBLE: 'XX' }[c.other];
}

/** A call as the terminal writes it: 1♥, 3NT, Pass, X, XX. */
export function callText(c) {
  if (c.bid) return c.bid.level + STRAIN[c.bid.strain].symbol;
  return { OTHER_CALL_PASS: 'Pass', OTHER_CALL_DOUBLE: 'X', OTHER_CALL_REDOUBLE: 'XX' }[c.other];
}

const STRAIN_WORDS = { STRAIN_CLUBS: ['club', 'clubs'], STRAIN_DIAMONDS: ['diamond', 'diamonds'],
  STRAIN_HEARTS: ['heart', 'hearts'], STRAIN_SPADES: ['spade', 'spades'],
  STRAIN_NO_TRUMP: ['no trump', 'no trump'] };

/** A call in words, as it is said at the table: "1 club", "3 no trump", "pass", "double". */
export function callWords(c) {
  if (c.bid) return c.bid.level + ' ' + STRAIN_WORDS[c.bid.strain][c.bid.level > 1 ? 1 : 0];
  return { OTHER_CALL_PASS: 'pass', OTHER_CALL_DOUBLE: 'double',
    OTHER_CALL_REDOUBLE: 'redouble' }[c.other];
}
