// Laws mode in the words of the bridge table, the terminal client's words (client-cli's
// LawsText, Command.Choice and InputParser): what an option is about, what each choice does and
// its word (accept, dummy, refuse, require ♠, ban ♠, waive), the irregularities announced, the
// bars, lead restrictions and penalty cards in force, and the rulings. Pure: text from a snapshot.

import { next } from './model.js';
import { SEAT_NAME } from './ui.js';
import { SUIT, callText, cardText } from './words.js';

/** The Laws whose options come in the play: they are about a card, or a lead, never a call. */
const PLAY_LAWS = ['26', '50D2', '53', '54', '55'];

/** Each choice's word, in the terminal's order: what the player types there. */
export const CHOICE_WORDS = {
  OPTION_CHOICE_ACCEPT: 'accept',
  OPTION_CHOICE_ACCEPT_AS_DUMMY: 'dummy',
  OPTION_CHOICE_REFUSE: 'refuse',
  OPTION_CHOICE_REQUIRE_SUIT: 'require',
  OPTION_CHOICE_BAN_SUIT: 'ban',
  OPTION_CHOICE_WAIVE: 'waive',
};

const TAKES_SUIT = ['OPTION_CHOICE_REQUIRE_SUIT', 'OPTION_CHOICE_BAN_SUIT'];

/**
 * The option's choices as buttons are labelled, in the server's order, one for each suit that
 * require and ban may name: [{ choice, suit, word: 'ban ♠' }].
 */
export function choices(o) {
  const out = [];
  for (const choice of o.choices || []) {
    const word = CHOICE_WORDS[choice];
    if (!word || out.some((x) => x.choice === choice)) continue;
    if (TAKES_SUIT.includes(choice)) {
      for (const suit of o.suits || []) {
        if (SUIT[suit]) out.push({ choice, suit, word: word + ' ' + SUIT[suit].symbol });
      }
    } else {
      out.push({ choice, word });
    }
  }
  return out;
}

/** The holders, "West" or "North or South". */
export function holders(o) {
  return (o.holders || []).map((s) => SEAT_NAME[s]).join(' or ');
}

/** The call the option is about: the one the server names, else the offender's latest. */
function irregularCall(o, b) {
  const irr = o.irregularity || {};
  if (irr.card || PLAY_LAWS.includes(o.law)) return null;
  const auction = (b && b.auction) || [];
  if ('callIndex' in irr) return auction.find((a) => (a.index || 0) === irr.callIndex) || null;
  let last = null;
  for (const a of auction) {
    if (!a.withdrawn && a.seat === irr.offender) last = a;
  }
  return last;
}

/** What happened, in one sentence: "East's 1♥ was insufficient (Law 27)." */
export function headline(o, b) {
  const irr = o.irregularity || {};
  const who = SEAT_NAME[irr.offender] || 'A player';
  const law = o.law || '';
  if (irr.card) {
    const card = cardText(irr.card.card);
    return law === '54' ? who + ' faced the opening lead ' + card + ' out of turn (Law 54).'
      : who + ' led ' + card + ' out of turn (Law ' + law + ').';
  }
  const a = irregularCall(o, b);
  const call = a ? callText(a.call) : 'call';
  const leader = SEAT_NAME[next(irr.offender, 2)];
  switch (law) {
    case '27': return who + '\'s ' + call + ' was insufficient (Law 27).';
    case '27B4': return who + '\'s ' + call + ' was insufficient again (Law 27B4).';
    case '27C': return who + ' replaced an insufficient bid with ' + call
      + ' before it was accepted or refused (Law 27C).';
    case '29': return who + '\'s ' + call + ' was out of rotation (Law 29).';
    case '25B': return who + ' changed a call to ' + call + ' (Law 25B).';
    case '25B2': return who + ' may keep ' + call + ' or the call it replaced (1997 Law 25B2).';
    case '26': return leader + ' is on lead after ' + who + '\'s withdrawn call (Law 26B).';
    case '50D2': return leader + ' is on lead with ' + who + '\'s penalty card on the table '
      + '(Law 50D).';
    default: return 'An irregularity by ' + who + ' (Law ' + law + ').';
  }
}

/** What each choice does: the server's account where it wrote one for people, else ours. */
export function explanation(o) {
  const d = (o.irregularity || {}).description || '';
  if (d) return d;
  switch (o.law) {
    case '53': case '55': return 'accept: the lead stands; refuse: it is taken back and the '
      + 'right hand leads.';
    case '54': return 'accept: declarer plays second, from his own hand; dummy: declarer '
      + 'becomes dummy and his partner declares; refuse: the card is taken back (a penalty card) '
      + 'and the right hand leads.';
    case '26': return 'ban a suit: the leader may not lead it while he keeps the lead; waive: no '
      + 'restriction.';
    case '50D2': return 'require the penalty card\'s suit, or ban it while he keeps the lead (the '
      + 'card is picked up); waive: the card stays on the table.';
    default: return o.description || '';
  }
}

const KIND = {
  IRREGULARITY_KIND_INSUFFICIENT_BID: 'an insufficient bid',
  IRREGULARITY_KIND_OUT_OF_TURN: 'out of turn',
  IRREGULARITY_KIND_CHANGE_OF_CALL: 'a change of call',
  IRREGULARITY_KIND_INADMISSIBLE_DOUBLE: 'an inadmissible double',
  IRREGULARITY_KIND_INADMISSIBLE_REDOUBLE: 'an inadmissible redouble',
  IRREGULARITY_KIND_CALL_BARRED: 'a call when he had to pass',
  IRREGULARITY_KIND_BID_ABOVE_SEVEN: 'a bid above seven',
  IRREGULARITY_KIND_CALL_AFTER_FINAL_PASS: 'a call after the final pass',
  IRREGULARITY_KIND_REVOKE: 'a revoke',
};

/**
 * An irregularity as the table announced it: "Irregularity (Law 36B): South, an inadmissible
 * double. South doubled partner's 1H: ...", with the server's account when it gave one.
 */
export function announcement(i) {
  let s = 'Irregularity (Law ' + (i.law || '') + '): ' + (SEAT_NAME[i.offender] || '') + ', '
    + (KIND[i.kind] || 'an irregularity');
  if (i.card) s += ' (' + cardText(i.card.card) + ')';
  s += '.';
  const d = (i.description || '').trim();
  if (d) s += ' ' + d + (d.endsWith('.') ? '' : '.');
  return s;
}

function law(l) {
  return l ? ' (Law ' + l + ')' : '';
}

/** One sentence for each bar, lead penalty, lead restriction and penalty card in force. */
export function restrictions(r) {
  const out = [];
  if (!r) return out;
  for (const bar of r.callBars || []) {
    const who = SEAT_NAME[bar.seat];
    const what = bar.kind === 'BAR_KIND_PASS_NEXT_TURN' ? who + ' must pass at the next turn'
      : bar.kind === 'BAR_KIND_MUST_REPEAT' ? who + ' must repeat ' + callText(bar.call)
        + ' at the next turn' : who + ' must pass for the rest of the auction';
    out.push(what + law(bar.law) + '.');
  }
  for (const lp of r.leadPenalties || []) {
    const suits = (lp.suits || []).map((s) => SUIT[s].symbol).join(' ');
    out.push('If ' + SEAT_NAME[next(lp.offender, 2)] + ' defends, declarer may ban one of '
      + suits + ' at his first lead' + law(lp.law) + '.');
  }
  for (const lr of r.leadRestrictions || []) {
    const who = SEAT_NAME[lr.seat];
    const suit = SUIT[lr.suit].symbol;
    out.push((lr.required ? who + ' must lead ' + suit
      : who + ' may not lead ' + suit + ' while he keeps the lead') + law(lr.law) + '.');
  }
  for (const pc of r.penaltyCards || []) {
    out.push(SEAT_NAME[pc.card.seat] + '\'s ' + cardText(pc.card.card) + ' is a '
      + (pc.major ? 'major' : 'minor') + ' penalty card (Law 50).');
  }
  return out;
}

/** A ruling as the players see it: open (for the director) or decided, and by whom. */
export function ruling(r) {
  if (r.decision) {
    const by = { DECIDED_BY_DIRECTOR: 'the director\'s ruling',
      DECIDED_BY_TABLE: 'agreed at the table' }[r.decision.decidedBy] || 'the Laws\' default';
    return 'Ruling (Law ' + r.law + '): ' + r.decision.choice + ' (' + by + ').';
  }
  return (r.gating ? 'Waiting for the director' : 'For the director after play')
    + ' (Law ' + r.law + '): ' + r.question + ' If no director rules: ' + r.defaultChoice + '.';
}
