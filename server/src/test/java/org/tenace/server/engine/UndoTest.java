package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.engine.PlayCasesTest.DEAL;
import static org.tenace.server.engine.PlayFixtures.play;
import static org.tenace.server.engine.PlayFixtures.playLowest;

import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

class UndoTest {
  private final Play start = PlayFixtures.start(DEAL, "4S S", Mode.ONLINE);

  private static String why(Play p, Seat seat) {
    RuleViolationException e = p.undoRefusal(seat).orElseThrow();
    assertThat(e.violation()).isEqualTo(Violation.UNDO_NOT_ALLOWED);
    return e.detail();
  }

  @Test
  void aCardOfTheCurrentTrickComesBack() {
    Play p = play(start, "HK H2 H8");
    assertThat(p.undoRefusal(Seat.EAST)).isEmpty();
    Play u = p.undo(Seat.EAST);
    assertThat(u.turn()).isEqualTo(Seat.EAST);
    assertThat(u.remaining(Seat.EAST).contains(Card.parse("H8"))).isTrue();
    assertThat(u.currentTrick().cards()).hasSize(2);
    assertThat(play(u, "HA").currentTrick().cards()).extracting(Card::toString)
        .containsExactly("HK", "H2", "HA");
  }

  @Test
  void anOpponentsLaterCardComesBackWithIt() {
    Play p = play(start, "HK H2 H8"); // declarer (dummy's ♥2), then East
    Play u = p.undo(Seat.SOUTH);
    assertThat(u.turn()).isEqualTo(Seat.NORTH);
    assertThat(u.remaining(Seat.NORTH).contains(Card.parse("H2"))).isTrue();
    assertThat(u.remaining(Seat.EAST).contains(Card.parse("H8"))).isTrue();
  }

  @Test
  void notOnceTheSideHasPlayedAgain() {
    Play p = play(start, "HK H2 H8");
    assertThat(why(p, Seat.WEST)).isEqualTo("your side has played since"); // ♥K, then ♥8
    assertThat(p.undoRefusal(Seat.EAST)).isEmpty();
    // Declarer names both hands' cards: his latest, from either hand, may come back.
    Play q = play(p, "H6");
    assertThat(q.undoRefusal(Seat.SOUTH)).isEmpty();
    assertThat(q.undo(Seat.SOUTH).remaining(Seat.SOUTH).contains(Card.parse("H6"))).isTrue();
    assertThat(q.undo(Seat.SOUTH).remaining(Seat.NORTH).contains(Card.parse("H2"))).isFalse();
  }

  @Test
  void theLastCardOfATrickUntilTheNextTrickStarts() {
    Play p = play(start, "HK H2 HA H6");
    assertThat(p.completedTricks()).isEqualTo(1);
    Play u = p.undo(Seat.SOUTH);
    assertThat(u.completedTricks()).isZero();
    assertThat(u.tricksWon(Side.EW)).isZero();
    assertThat(u.turn()).isEqualTo(Seat.SOUTH);
    Play next = play(p, "H8");
    assertThat(why(next, Seat.SOUTH)).isEqualTo("you have no card in the current trick");
  }

  @Test
  void neverTheOpeningLeadNorForDummyNorAcrossAClaim() {
    Play p = play(start, "HK");
    assertThat(why(p, Seat.WEST)).contains("Law 41");
    assertThat(why(p, Seat.NORTH)).isEqualTo("dummy plays no card to take back");
    assertThat(why(start, Seat.WEST)).isEqualTo("no card to take back");
    Play q = play(start, "HK H2");
    Play voided = q.claim(Seat.SOUTH, 13, "").respondToClaim(Seat.EAST, false);
    assertThat(why(voided, Seat.SOUTH)).isEqualTo("not after a claim");
    assertThat(q.claim(Seat.SOUTH, 13, "").undoRefusal(Seat.SOUTH).orElseThrow().violation())
        .isEqualTo(Violation.CLAIM_PENDING);
    assertThat(playLowest(start, 52).undoRefusal(Seat.SOUTH).orElseThrow().violation())
        .isEqualTo(Violation.NOT_PLAYING);
  }

  @Test
  void anUndoneStateCanBeUndoneAgainAndPlaysOnNormally() {
    Play p = play(start, "HK H2 HA H6 H8");
    Play u = p.undo(Seat.EAST); // trick 2's lead
    assertThat(u.turn()).isEqualTo(Seat.EAST);
    Play u2 = u.undo(Seat.SOUTH); // trick 1's last card
    assertThat(u2.completedTricks()).isZero();
    Play done = playLowest(u2, 49);
    assertThat(done.isComplete()).isTrue();
    assertThat(done.tricks()).hasSize(13);
  }
}
