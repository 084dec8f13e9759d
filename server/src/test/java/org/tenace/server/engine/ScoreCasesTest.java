package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;

/**
 * Law 77's scores (B) through whole boards: the score a board ends with, in both modes. The
 * scale itself is tested in bridge ({@code DuplicateScoreTest}); the IMP scale is bridge's
 * alone ({@code ImpsTest}), since no board state depends on it.
 */
class ScoreCasesTest {
  private static final Deal DEAL = Deal.parsePbn(
      "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86");

  @ParameterizedTest
  @CsvSource({"4S, '', 10, 420", "3NT, '', 10, 430", "1NT, X, 7, 180", "2H, X, 8, 470",
      "1C, XX, 7, 230", "4H, X, 7, -500", "4H, X, 6, -800", "1H, '', 6, -50"})
  void case34_both_aBoardIsScoredByLaw77NotVulnerable(
      String bid, String doubling, int tricks, int nsScore) {
    for (Mode mode : Mode.values()) {
      // Board 1: North deals, nobody vulnerable. North declares; East doubles, South redoubles.
      DealState s = DealState.start(BoardSetup.of(1, DEAL, mode == Mode.ONLINE
          ? AuctionSettings.ONLINE : AuctionSettings.LAWS));
      s = s.apply(BoardAction.Call.of(Seat.NORTH, Call.parse(bid)));
      Seat next = Seat.EAST;
      if (!doubling.isEmpty()) {
        s = s.apply(BoardAction.Call.of(Seat.EAST, Call.DOUBLE));
        next = Seat.SOUTH;
        if (doubling.equals("XX")) {
          s = s.apply(BoardAction.Call.of(Seat.SOUTH, Call.REDOUBLE));
          next = Seat.WEST;
        }
      }
      for (int i = 0; i < 3; i++) {
        s = s.apply(BoardAction.Call.of(next, Call.PASS));
        next = next.next();
      }
      Play p = s.playIfStarted().orElseThrow();
      assertThat(p.contract().toString()).isEqualTo(bid + doubling + " N");
      s = s.apply(new BoardAction.PlayCard(p.actor(), p.legalCards().cards().get(0)));
      s = s.apply(new BoardAction.Claim(Seat.NORTH, tricks, "the rest as stated"));
      s = s.apply(new BoardAction.RespondToClaim(Seat.EAST, true));
      s = s.apply(new BoardAction.RespondToClaim(Seat.WEST, true));
      BoardResult r = s.outcome().orElseThrow();
      assertThat(r.declarerTricks()).as(mode.toString()).isEqualTo(tricks);
      assertThat(r.nsScore()).as(mode.toString()).isEqualTo(nsScore);
    }
  }
}
