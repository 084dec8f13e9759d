package org.tenace.robot.bidding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.robot.AuctionCall;
import org.tenace.robot.CallView;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/** The house system, call by call: hands (PBN, spades first) and auctions from North as dealer. */
class BiddingSystemTest {
  private final Bidder bidder = new Bidder();

  static CallChoice bid(String auction, String hand) {
    List<AuctionCall> calls = Auctions.calls(Seat.NORTH, auction);
    Seat seat = Seat.NORTH.next(calls.size());
    List<Call> legal = legalCalls(seat, calls);
    return new Bidder().decide(new CallView(seat, Hand.parsePbn(hand), Seat.NORTH, Vulnerability.NONE,
        calls, legal));
  }

  /** The system's call after {@code auction} with {@code hand} is {@code call}, alerted or not. */
  private static CallChoice bids(String auction, String hand, String call, boolean alert) {
    CallChoice c = bid(auction, hand);
    assertThat(c.call()).isEqualTo(Call.parse(call));
    assertThat(c.alert()).isEqualTo(alert);
    return c;
  }

  static List<Call> legalCalls(Seat seat, List<AuctionCall> calls) {
    List<Call> out = new ArrayList<>(List.of(Call.PASS));
    Bid last = null;
    AuctionCall action = null;
    for (AuctionCall c : calls) {
      if (c.call() instanceof Bid b) {
        last = b;
      }
      if (c.call() != Call.PASS) {
        action = c;
      }
    }
    if (action != null && action.seat().side() != seat.side()) {
      out.add(action.call() instanceof Bid ? Call.DOUBLE : action.call() == Call.DOUBLE ? Call.REDOUBLE : Call.PASS);
    }
    for (int r = last == null ? 0 : last.rank() + 1; r < 35; r++) {
      out.add(Bid.ofRank(r));
    }
    return out;
  }

  @ParameterizedTest(name = "opens {1} with {0}")
  @CsvSource({
    "AK52.KQ3.K84.Q93, 1NT",      // 15-17 balanced
    "AQ2.KJ3.AQ5.KQ93, 2NT",      // 20-21 balanced
    "AKQ2.AK3.AQ5.KQ9, 2C",       // 22+
    "AKJ52.K3.84.Q932, 1S",       // five-card major
    "KJ52.AQ873.4.K93, 1H",
    "AKJ5.Q873.K4.932, 1C",       // no five-card major, three clubs, two diamonds... the longer minor
    "AK52.Q87.K943.93, 1D",       // four diamonds
    "AQ5.K87.J93.Q932, 1C",       // 3-3 minors? clubs four: the longer minor
    "KQJ854.73.84.932, 2S",       // weak two
    "932.KQT943.84.J3, 2H",
    "932.4.KQJT943.J3, 3D",       // seven-card preempt
    "K932.Q4.J943.J32, Pass",
  })
  void opensByTheSystem(String hand, String call) {
    assertThat(bid("", hand).call()).isEqualTo(Call.parse(call));
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1NT P, KJ52.Q873.K4.932, 2C, true",     // Stayman
    "1NT P, KJ852.Q73.84.932, 2H, true",     // transfer to spades
    "1NT P, 852.QJ873.84.932, 2D, true",     // transfer to hearts, weak
    "1NT P, K52.Q73.K984.Q32, 3NT, false",   // 10-15, no major
    "1NT P, K52.Q73.J984.Q32, 2NT, false",   // 8-9 invitation
    "1NT P, 852.973.8432.932, Pass, false",
    "1H P, K52.Q73.J984.932, 2H, false",     // simple raise
    "1H P, K52.QJ73.A984.93, 3H, false",     // limit raise
    "1H P, KJ52.73.J984.Q32, 1S, false",     // new suit, forcing
    "1H P, K52.7.QJ984.Q932, 1NT, false",
    "1H P, A52.7.KQJ98.KJ32, 2D, false",     // two over one
    "1C P, KJ52.Q873.K4.932, 1H, false",     // up the line: hearts before spades
    "2C P, 852.973.8432.932, 2D, true",      // waiting
    "1H 2C, KJ73.85.A932.932, X, true",      // negative double: four spades
    "1S 2H, 852.K973.AJ32.32, 2S, false",    // with support, raise
    "1H 1S, 852.K973.AJ32.32, 2H, false",    // raise over the overcall
  })
  void respondsByTheSystem(String auction, String hand, String call, boolean alert) {
    CallChoice c = bids(auction, hand, call, alert);
    if (alert) {
      assertThat(c.explanation()).isNotBlank();
    }
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1NT P 2C P, AK52.Q87.K84.Q93, 2S, false",   // answer to Stayman: four spades
    "1NT P 2C P, AK5.Q87.K84.QJ93, 2D, true",    // no four-card major
    "1NT P 2D P, AK5.Q87.K84.QJ93, 2H, false",   // complete the transfer
    "1NT P 2D P, AK5.Q874.K84.AJ9, 3H, false",   // super-accept with four and a maximum
    "1NT P 2NT P, AK5.Q87.K84.KJ93, 3NT, false", // accept the invitation with 16+
    "1NT P 2NT P, AK5.Q87.K84.J932, Pass, false",
    "1S P 2S P, AKJ52.K3.84.Q932, Pass, false",  // minimum
    "1S P 2S P, AKJ52.AK3.K4.Q93, 4S, false",    // 19+: game
    "1S P 2S P, AKJ52.AK3.84.Q93, 3S, false",    // 16-18: invite
    "1C P 1H P, AK52.K3.84.Q9532, 1S, false",    // up the line
    "1C P 1H P, AK2.K93.84.Q9532, 1NT, false",   // 12-14 balanced
    "1C P 1H P, K2.KJ93.854.AQ53, 2H, false",    // raise with four, minimum
    "1C P 1H P, A2.KJ93.84.AQ532, 3H, false",    // 16-18 with support
    // After a negative double, notrump only with a balanced hand: seven diamonds and a void rebid them.
    "1D 1S X P, AKT5.A9.J976542., 2D, false",
  })
  void openerRebidsByTheSystem(String auction, String hand, String call, boolean alert) {
    bids(auction, hand, call, alert);
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1D, A852.K973.3.AJ32, X, true",          // takeout double
    "1D, A852.K973.3.KJ32, Pass, false",      // one point short
    "1D, AKJ52.973.83.K32, 1S, false",        // overcall
    "1D, AK52.K73.AJ3.K32, 1NT, false",       // 15-18 with a stopper
    "1D, KQJ852.73.83.932, 2S, false",        // weak jump overcall
    "1D, 852.973.83.KJ932, Pass, false",
    "1NT, AK52.AJ3.K83.K32, X, false",        // penalty double of a notrump
    "1D X P, 852.K973.83.J932, 1H, false",    // advance the takeout double in a major
    "1D X P, 852.K97.83.J9632, 2C, false",
    // Balancing: any five cards at the one level; in the direct seat the suit must be decent.
    "1D P P, J9532.AQ.A75.987, 1S, false",
    "1D, J9532.AQ.A75.987, Pass, false",
    // Advancing partner's overcall with a good six-card suit of our own and a doubleton in partner's.
    "1D 1S 2D, A8.KJT874.8.KT86, 2H, false",
  })
  void competesByTheSystem(String auction, String hand, String call, boolean alert) {
    bids(auction, hand, call, alert);
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1S P 3S P, AKJ52.AK3.KQJ.K2, 4NT, true",   // Blackwood with a fit and slam values
    "1S P 3S P, AKJ52.AK3.K84.32, 4S, false",    // 19 points and partner's 10: not enough for slam
    "1S P 3S P, AKJ52.AK3.KQ4.32, 4NT, true",    // 20 and 10: a suit slam's 30 on partner's minimum
    "1S P 3S P 4NT P, Q853.Q73.AQ4.932, 5D, true",   // one ace
    "1S P 3S P 4NT P, Q853.K73.KQ4.932, 5C, true",   // no ace
    "1S P 3S P 4NT P 5C P, AKJ52.AK3.KQJ.K2, 5S, false", // two aces missing: sign off
    "1S P 3S P 4NT P 5D P, AKJ52.AK3.KQJ.K2, 6S, false", // one missing: small slam
    "1S P 3S P 4NT P 5D P, AKJ52.AK3.AKQ.K2, 7S, false", // none missing, grand values
    "1S P 3S P 4NT P 5H P, AKJ52.AK3.KQJ.K2, 6S, false", // none missing, no grand values
    // Partner's quantitative 4NT over 2C-2D-2NT (22-24): accept with 23 or 24, pass with 22.
    "2C P 2D P 2NT P 4NT P, K63.AKQ6.K6.AKJ7, 6NT, false",
    "2C P 2D P 2NT P 4NT P, K63.AKQ6.Q6.AKJ7, Pass, false",
  })
  void bidsSlamsWithBlackwood(String auction, String hand, String call, boolean alert) {
    bids(auction, hand, call, alert);
  }

  /** The holes of issue 30, each as the hand and auction where the robot went wrong. */
  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    // Opener's new major is forcing: with a singleton in it, prefer opener's first suit.
    "1C P 1H P 1S P, 8.AK74.J873.AT52, 2C",
    // After opener's jump shift, no raise of the second suit with a singleton.
    "1C P 1H P 3D P, 8432.AK83.7.QT74, 4C",
    // Five points and a long suit respond nothing at the two level.
    "1D P, 984.JT5.T.AT7532, Pass",
    // Partner's 3NT was no slam try: a minimum opener does not invite with 4NT.
    "1H P 1S P 2C P 3NT P, A2.AQT63.74.K952, Pass",
    "1NT P 2C P 2S P 3NT P, KT43.KQJ.76.AKJ6, Pass",
    // Game values over the answer to Stayman: game, never a pass.
    "1NT P 2C P 2D P, AQ75.KJ82.4.9832, 3NT",
    "1NT P 2C P 2H P, AJ52.Q87.K43.932, 3NT",
    "1NT P 2C P 2S P, KQ52.8.KJ432.Q93, 4S",
    // Invitational values over the answer to Stayman: invite, never a pass (Stayman promised 8).
    "1NT P 2C P 2D P, QT98.T.JT6.KQT65, 2NT",
    "1NT P 2C P 2H P, K52.QJ73.Q98.J32, 3H",
    "1NT P 2C P 2S P, K52.QJ73.Q98.J32, 2NT",
  })
  void fillsTheHolesPlayersNoticed(String auction, String hand, String call) {
    assertThat(bid(auction, hand).call()).isEqualTo(Call.parse(call));
  }

  /**
   * Opener reopens after {@code 1X (overcall) P P}: a takeout double when short in their suit
   * (responder, who could not double for penalty, passes it with their suit), else a second suit.
   */
  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1S 2H P P, KQ973.6.AQ87.A63, X, true",          // short in hearts: reopen with a double
    "1S 2H P P X P, 6.KT832.942.K942, Pass, false",   // five hearts behind the overcaller: penalty
    "1S 2H P P X P, J842.9.K65.JT875, 2S, false",     // nothing in hearts: take the double out
    "1H 1S P P, K85.AQJT7.AKQ85., 2D, false",         // 19 points, 5-5, three spades: the second suit
    "1H 1S P P, K852.AQJ72.K4.Q5, Pass, false",       // a minimum with their suit: let them play
  })
  void opensAgainAfterTheOvercallIsPassedRound(String auction, String hand, String call, boolean alert) {
    bids(auction, hand, call, alert);
  }

  /**
   * After a transfer, responder's second call shows its values, as after Stayman: a weak hand
   * passes, 8-9 invites, game values offer 3NT or bid game; opener answers by its range and trumps.
   */
  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1NT P 2D P 2H P, K76.Q7542.QJ8.T3, 2NT",        // five hearts, 8 HCP: invite
    "1NT P 2D P 2H P, K76.Q7542.AJ8.T3, 3NT",        // game values: a choice of games
    "1NT P 2D P 2H P, K76.Q7542.Q82.T3, Pass",       // weak
    "1NT P 2H P 3S P, 987432.AT5.J2.73, 4S",         // six spades over the super-accept
    "2NT P 3H P 3S P, A98654..953.T952, 4S",         // six spades and a void opposite 20-21
    "1NT P 2D P 2H P 2NT P, AQ93.AT8.K2.KJ72, 4H",   // a maximum with three hearts accepts
    "1NT P 2D P 2H P 2NT P, AQ93.A82.K2.J972, 3H",   // a minimum with three hearts
    "1NT P 2H P 2S P 3NT P, KQ3.AQ5.K843.J42, 4S",   // three spades: the major game
    "1NT P 2H P 2S P 3NT P, K3.AQ5.K843.QJ42, Pass", // two spades: notrump
    "1NT P 2H P 2S P 3S P, KQ3.AQ5.AK43.J42, 4S",    // six spades invited, a maximum
    "1NT P 2H P 2S P 3S P, KQ3.AQ5.K843.J42, Pass",  // a minimum
  })
  void followsUpATransferByStrength(String auction, String hand, String call) {
    assertThat(bid(auction, hand).call()).isEqualTo(Call.parse(call));
  }

  /** With both majors bid, a negative double shows the minors, and says so. */
  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1H 1S, 82.Q6.Q8762.AJ75, 'Negative double: for takeout, shows the unbid minor(s), 6+ points'",
    "1H 2C, KJ73.85.A932.932, 'Negative double: for takeout, shows the unbid major(s), 8+ points'",
  })
  void negativeDoubleSaysWhichSuitsItShows(String auction, String hand, String explanation) {
    CallChoice c = bid(auction, hand);
    assertThat(c.call()).isEqualTo(Call.DOUBLE);
    assertThat(c.explanation()).isEqualTo(explanation);
  }

  @Test
  void partnerCompetesInTheMinorsANegativeDoubleShowed() {
    // 1H (1S) X (2S): opener's five clubs and the double's four make nine, worth the three level.
    assertThat(bid("1H 1S X 2S", "QT.AK843.3.QT832").call()).isEqualTo(Call.parse("3C"));
  }

  @Test
  void withGameValuesBetweenUsAFreeBidCompetesOverTheirRaise() {
    // 1D (2S) X (3S): seven diamonds and 19 points opposite a negative double do not sell out.
    assertThat(bid("1D 2S X 3S", "6.KT6.AKQT754.A6").call()).isEqualTo(Call.parse("4D"));
    // 1H (P) 2C (2D) 3C (3D): partner's raise of our clubs and our 13 points go on.
    assertThat(bid("1H P 2C 2D 3C 3D", "KJT7.6.T32.AK643").call()).isEqualTo(Call.parse("4C"));
  }

  @Test
  void withNoRoomToInviteAgainGameIsBidOnTheMiddleOfTheRanges() {
    // P 1D 1S 2D 2S P 3S P: partner's 3S invites; 9 HCP and an ace opposite it go on to game.
    assertThat(bid("P 1D 1S 2D 2S P 3S P", "842.A73.JT3.AJT3").call()).isEqualTo(Call.parse("4S"));
  }

  @Test
  void twoNotrumpInvitesEvenWhenItIsNoJump() {
    // P 1D P 1S P 2D P: 11 HCP with the diamonds stopped opposite a minimum rebid invite with 2NT.
    assertThat(bid("P 1D P 1S P 2D P", "T865.72.AKT8.A82").call()).isEqualTo(Call.parse("2NT"));
  }

  @Test
  void aGoodSixCardMajorWithASingletonPrefersGameInItToPartnersThreeNotrump() {
    // 1S (2H) X: the double shows the minors, so the diamond fit is no reason to sit in 3NT.
    assertThat(bid("1S 2H X P 2S P 3NT P", "KQJ753.J9.QJT7.T").call()).isEqualTo(Call.parse("4S"));
  }

  @Test
  void overTheirOvercallOfOurNotrumpGameValuesAndAFiveCardSuitJumpToThree() {
    // 1NT (2C): 10 HCP and five diamonds opposite 15-17 are game values, not a pass or a 2D
    // that is only to play; three of the suit is forcing and says so when asked.
    CallChoice c = bid("1NT 2C", "T42.AK42.K9643.2");
    assertThat(c.call()).isEqualTo(Call.parse("3D"));
    assertThat(CallMeaning.of(Seat.NORTH, Vulnerability.NONE,
        Auctions.calls(Seat.NORTH, "1NT 2C 3D"), Seat.EAST, 3))
        .isEqualTo("3D by South: natural, 10+ HCP, 5+ diamonds, forcing");
    // With less, two of the suit is still only to play.
    assertThat(bid("1NT 2C", "T42.A842.K9643.2").call()).isEqualTo(Call.parse("2D"));
  }

  /** An alerted call says the strength it shows as well as what it asks or shows. */
  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "1NT P, KJ52.Q873.K4.932, 'Stayman: asks for a four-card major, 8+ HCP'",
    "1D, AQ52.K873.4.K932, 'Takeout double: support for the unbid suits, 12+ points'",
    "'', AKQ2.AK3.AQ5.KQ9, 'Strong and artificial: 22+ points, forcing'",
  })
  void alertsSayTheStrengthTheCallShows(String auction, String hand, String explanation) {
    CallChoice c = bid(auction, hand);
    assertThat(c.alert()).isTrue();
    assertThat(c.explanation()).isEqualTo(explanation);
  }
}
