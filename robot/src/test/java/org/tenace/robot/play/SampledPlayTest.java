package org.tenace.robot.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tenace.robot.CardView;
import org.tenace.robot.RobotLevel;
import org.tenace.robot.Scoring;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Suit;

/**
 * Card play by sampling ({@link RobotLevel#STRONG}), in whole hands built so that the right card
 * follows from the odds over the layouts the player cannot see.
 */
class SampledPlayTest {
  // South declares; dummy's AQ of spades over South's 543, everything else on top.
  private static final String FINESSE =
      "N:AQ.AKQ2.AKQ.5432 KJT2.876.876.876 543.543.5432.AKQ 9876.JT9.JT9.JT9";
  // South declares 3NT; East's K3 of hearts sits over dummy's AQ4 while declarer runs the clubs.
  private static final String GUARD =
      "N:432.AQ4.432.AKQJ QJT9.K3.QJT9.T98 AK5.765.AK5.5432 876.JT982.876.76";

  private static final int SAMPLES = 16;
  private static final long BUDGET = 3_000_000;

  private static CardPlayer strong() {
    return CardPlayer.of(RobotLevel.STRONG, Scoring.IMPS, 0, SAMPLES, BUDGET);
  }

  @Test
  void dummyFinessesTheQueenWhenTheKingIsAsLikelyOnsideAsOff() {
    // The queen wins whenever West holds the king; the ace gains only on a bare king with East.
    CardView view = Views.after(FINESSE, "3NT S", "CJ C2 C6 CA S3 S6");
    assertThat(strong().decide(view).card()).isEqualTo(Card.parse("SQ"));
  }

  @Test
  void aDefenderKeepsItsKingGuardedBehindDummysAceQueen() {
    // East discards on the fourth club: a bare king would fall under dummy's ace.
    CardView view = Views.after(GUARD, "3NT S",
        "S8 S2 S9 SA C2 C6 CA C8 CK C9 C3 C7 CQ CT C4 D6 CJ");
    Card discard = strong().decide(view).card();
    assertThat(discard.suit()).isNotEqualTo(Suit.HEARTS);
  }

  @Test
  void equalCardsAreSolvedOnce() {
    CardView view = Views.after(FINESSE, "3NT S", "CJ C2 C6 CA S3 S6");
    List<List<Card>> groups = SampledSearch.equivalents(PlayState.of(view), view.legalCards());
    // Dummy's ace and queen are apart (the king is out).
    assertThat(groups).hasSize(2);
    view = Views.after(GUARD, "3NT S", "S8 S2 S9 SA C2 C6 CA C8 CK C9 C3 C7 CQ CT C4 D6 CJ");
    // East's QJT of spades and QJT9 of diamonds are one card each, the king and three of hearts two.
    assertThat(SampledSearch.equivalents(PlayState.of(view), view.legalCards())).hasSize(4);
  }

  @Test
  void aCardOfTheTrickInProgressPartsTheCardsAroundIt() {
    // West leads the nine of spades and dummy plays the queen: East's king beats the queen, its
    // jack and ten do not, so the king is apart from them (the queen is not yet a played card
    // that makes the king and jack equals); the two is a group of its own.
    CardView view = Views.after(FINESSE, "3NT S", "S9 SQ");
    assertThat(SampledSearch.equivalents(PlayState.of(view), view.legalCards()))
        .containsExactly(List.of(Card.parse("SK")), List.of(Card.parse("SJ"), Card.parse("ST")),
            List.of(Card.parse("S2")));
  }

  @Test
  void aChoiceIsClearWhenTheBestCardLeadsEveryOtherByMoreThanItsNoise() {
    // Two cards, IMPs on each layout: the first beats the contract on every layout, the second
    // on none but the last.
    List<double[]> rows = new java.util.ArrayList<>();
    for (int i = 0; i < 23; i++) {
      rows.add(new double[] {5, -6});
    }
    rows.add(new double[] {5, 5});
    assertThat(SampledSearch.clear(rows)).isTrue();
    // Equal on 23 layouts and apart on one: the layouts do not yet tell them apart.
    rows.clear();
    for (int i = 0; i < 23; i++) {
      rows.add(new double[] {5, 5});
    }
    rows.add(new double[] {5, -6});
    assertThat(SampledSearch.clear(rows)).isFalse();
    // Equal on every layout: nothing more to learn, the heuristic card chooses.
    rows.set(23, new double[] {5, 5});
    assertThat(SampledSearch.clear(rows)).isTrue();
  }

  @Test
  void aCloseChoiceIsLookedAtOnMoreLayoutsWithinTheSameNodes() {
    // The finesse: the queen and the ace differ on few layouts, so the first sixteen do not
    // settle it and the search deals more, never past its nodes or four times its layouts.
    CardView view = Views.after(FINESSE, "3NT S", "CJ C2 C6 CA S3 S6");
    SampledSearch search = new SampledSearch(new org.tenace.solver.DoubleDummy(18), SAMPLES,
        BUDGET, Scoring.IMPS, 0);
    SampledSearch.Outcome o = search.choose(PlayState.of(view), null);
    assertThat(o.layouts()).isGreaterThan(SAMPLES).isLessThanOrEqualTo(4 * SAMPLES);
    assertThat(o.nodes()).isLessThanOrEqualTo(BUDGET);
  }

  @Test
  void theSameViewGivesTheSameCardAndWorkWhateverTheSolverDidBefore() {
    CardView view = Views.after(GUARD, "3NT S",
        "S8 S2 S9 SA C2 C6 CA C8 CK C9 C3 C7 CQ CT C4 D6 CJ");
    CardView other = Views.after(FINESSE, "3NT S", "CJ C2 C6 CA S3 S6");
    CardPlayer player = strong();
    CardPlayer.Decision first = player.decide(view);
    player.decide(other);
    assertThat(player.decide(view)).isEqualTo(first);
    assertThat(strong().decide(view)).isEqualTo(first);
    assertThat(first.nodes()).isPositive().isLessThanOrEqualTo(BUDGET);
  }

  @Test
  void theOpeningLeadIsSampledTooAndLegal() {
    CardView view = Views.after(GUARD, "3NT S", "");
    CardPlayer.Decision d = strong().decide(view);
    assertThat(view.legalCards()).contains(d.card());
    assertThat(d.nodes()).isPositive().isLessThanOrEqualTo(BUDGET);
  }
}
