package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.tenace.server.engine.PlayCasesTest.DEAL;
import static org.tenace.server.engine.PlayFixtures.play;
import static org.tenace.server.engine.PlayFixtures.playLowest;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;

class ClaimTest {
  private final Play start = PlayFixtures.start(DEAL, "4S S", Mode.ONLINE);

  private static Violation violation(Runnable r) {
    try {
      r.run();
    } catch (RuleViolationException e) {
      return e.violation();
    }
    throw new AssertionError("accepted");
  }

  @Test
  void dummyDoesNotClaimAndAClaimIsAtMostTheRemainingTricks() {
    assertThat(start.claimRefusal(Seat.NORTH, 13).orElseThrow().violation())
        .isEqualTo(Violation.NOT_ENTITLED);
    RuleViolationException e = start.claimRefusal(Seat.SOUTH, 14).orElseThrow();
    assertThat(e.violation()).isEqualTo(Violation.BAD_CLAIM);
    assertThat(e.detail()).contains("13 remaining").contains("14");
    assertThat(start.claimRefusal(Seat.SOUTH, -1)).isPresent();
    assertThat(start.claimRefusal(Seat.EAST, 0)).isEmpty();
  }

  @Test
  void theTrickInProgressCountsAsRemaining() {
    Play p = play(start, "HK H2 HA H6 H8"); // trick 2 under way
    assertThat(p.claimRefusal(Seat.SOUTH, 12)).isEmpty();
    assertThat(p.claimRefusal(Seat.SOUTH, 13)).isPresent();
    p = p.claim(Seat.SOUTH, 12, "").respondToClaim(Seat.EAST, true).respondToClaim(Seat.WEST, true);
    assertThat(p.result().orElseThrow().declarerTricks()).isEqualTo(12);
    assertThat(p.result().orElseThrow().claimed()).isEqualTo(12);
  }

  @Test
  void anOpenClaimSuspendsPlayAndAnotherClaim() {
    Play p = start.claim(Seat.SOUTH, 13, "drawing trumps");
    assertThat(p.pendingClaim()).hasValueSatisfying(c -> {
      assertThat(c.statement()).isEqualTo("drawing trumps");
      assertThat(c.remaining()).isEqualTo(13);
      assertThat(c.conceded()).isZero();
    });
    assertThat(p.check(Seat.WEST, Card.parse("HK"))).contains(Violation.CLAIM_PENDING);
    assertThat(p.claimRefusal(Seat.WEST, 1).orElseThrow().violation())
        .isEqualTo(Violation.CLAIM_PENDING);
    assertThat(p.legalCards().isEmpty()).isTrue();
  }

  @Test
  void onlyTheRespondersAnswer() {
    Play p = start.claim(Seat.SOUTH, 13, "");
    assertThat(p.responders(Seat.SOUTH)).containsExactlyInAnyOrder(Seat.EAST, Seat.WEST);
    assertThat(violation(() -> p.respondToClaim(Seat.NORTH, true)))
        .isEqualTo(Violation.NOT_ENTITLED);
    assertThat(violation(() -> p.respondToClaim(Seat.SOUTH, true)))
        .isEqualTo(Violation.NOT_ENTITLED);
    assertThat(violation(() -> start.respondToClaim(Seat.EAST, true)))
        .isEqualTo(Violation.NO_CLAIM_PENDING);
    assertThat(start.responders(Seat.EAST)).containsExactlyInAnyOrder(Seat.SOUTH, Seat.WEST);
  }

  @Test
  void declarersClaimNeedsBothDefenders() {
    Play p = start.claim(Seat.SOUTH, 13, "").respondToClaim(Seat.EAST, true);
    assertThat(p.isComplete()).isFalse();
    p = p.respondToClaim(Seat.WEST, true);
    assertThat(p.isComplete()).isTrue();
    assertThat(p.result().orElseThrow().declarerTricks()).isEqualTo(13);
  }

  @Test
  void aConcessionOfAllGivesEveryTrickToTheOtherSide() {
    Play p = play(start, "HK H2 HA H6").claim(Seat.EAST, 12, "");
    p = p.respondToClaim(Seat.SOUTH, true);
    PlayResult r = p.result().orElseThrow();
    assertThat(r.declarerTricks()).isZero();
    assertThat(r.defenderTricks()).isEqualTo(13);
  }

  @Test
  void aDefendersPartnerMayObject() {
    for (Mode mode : Mode.values()) {
      Play p = PlayFixtures.start(DEAL, "4S S", mode).claim(Seat.WEST, 13, "")
          .respondToClaim(Seat.EAST, false);
      assertThat(p.pendingClaim()).as("%s", mode).isEmpty();
      assertThat(p.isComplete()).isFalse();
      assertThat(p.rulings()).isEmpty();
    }
  }

  @Test
  void anAcceptedClaimEndsPlayWithWonPlusClaimed() {
    Play p = playLowest(start, 20);
    int ns = p.tricksWon(Side.NS);
    int r = 13 - p.completedTricks();
    p = p.claim(Seat.EAST, 1, "").respondToClaim(Seat.SOUTH, true);
    assertThat(p.result().orElseThrow().declarerTricks()).isEqualTo(ns + r - 1);
  }

  /**
   * A table rebuilt after a restart re-runs every claim's search: it must give the answer it gave
   * in play however busy the machine (a clock-bounded search gave up under load and found an
   * answer when quiet, so a stored ruling then met a replay that had none).
   */
  @Test
  void theSameClaimIsJudgedAlikeEveryTimeHoweverBusyTheMachine() throws Exception {
    Play laws = PlayFixtures.start(DEAL, "4S S", Mode.LAWS);
    Play early = playLowest(laws, 1);
    Play late = playLowest(laws, 40);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<Object>>> answers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        answers.add(pool.submit(() -> List.of(early.guaranteed(Side.NS),
            early.guaranteed(Side.EW), late.guaranteed(Side.NS),
            early.claim(Seat.SOUTH, 12, "").respondToClaim(Seat.EAST, false).rulings(),
            late.claim(Seat.SOUTH, 3, "").respondToClaim(Seat.EAST, false).rulings())));
      }
      List<Object> first = answers.get(0).get();
      for (Future<List<Object>> a : answers) {
        assertThat(a.get()).isEqualTo(first);
      }
      assertThat(first.get(2)).isEqualTo(
          java.util.OptionalInt.of(PlayOracle.minTricks(late, Side.NS)));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theLaw70DefaultIsWhatTheClaimerCannotLoseAndNeverMoreThanClaimed() {
    Play p = playLowest(PlayFixtures.start(DEAL, "4S S", Mode.LAWS), 40);
    int sure = p.guaranteed(Side.NS).orElseThrow();
    assertThat(sure).isEqualTo(PlayOracle.minTricks(p, Side.NS));
    Play d = p.claim(Seat.SOUTH, 3, "").respondToClaim(Seat.EAST, false);
    Ruling r = d.rulings().get(0);
    assertThat(r.law()).isEqualTo("70");
    assertThat(r.defaultChoice()).isEqualTo(String.valueOf(Math.min(3, sure)));
    Play ruled = d.ruleOnClaim(Integer.parseInt(r.defaultChoice()), Ruling.DecidedBy.DEFAULT);
    assertThat(ruled.rulings().get(0).decision().orElseThrow().by())
        .isEqualTo(Ruling.DecidedBy.DEFAULT);
    assertThatThrownBy(() -> d.ruleOnClaim(4, Ruling.DecidedBy.DIRECTOR))
        .hasMessageStartingWith("BAD_CLAIM");
  }

  @Test
  void aConcessionOfTricksThatCannotBeLostIsFlaggedUnderLaw71() {
    Play p = playLowest(start, 40);
    int sure = PlayOracle.minTricks(p, Side.NS);
    assertThat(sure).isPositive(); // the deal gives declarer sure trumps at the end
    Play conceded = p.claim(Seat.SOUTH, 0, "").respondToClaim(Seat.EAST, true)
        .respondToClaim(Seat.WEST, true);
    assertThat(conceded.rulings()).singleElement().satisfies(r -> {
      assertThat(r.law()).isEqualTo("71");
      assertThat(r.gating()).isFalse();
      assertThat(r.question()).contains("conceded " + sure + " trick");
    });
    Play fair = p.claim(Seat.SOUTH, sure, "").respondToClaim(Seat.EAST, true)
        .respondToClaim(Seat.WEST, true);
    assertThat(fair.rulings()).noneMatch(r -> r.law().equals("71"));
  }

  @Test
  void acquiescingInTricksOneCannotLoseIsFlaggedUnderLaw69B() {
    Play p = playLowest(start, 40);
    int ew = PlayOracle.minTricks(p, Side.EW);
    Play all = p.claim(Seat.SOUTH, 3, "").respondToClaim(Seat.EAST, true)
        .respondToClaim(Seat.WEST, true);
    if (ew > 0) {
      assertThat(all.rulings()).anyMatch(r -> r.law().equals("69B"));
    } else {
      assertThat(all.rulings()).noneMatch(r -> r.law().equals("69B"));
    }
  }

  @Test
  void recordedAnswersRuleAndAMissingOneIsAskedFor() {
    Play p = playLowest(start, 40);
    Play claimed = p.claim(Seat.SOUTH, 0, "").respondToClaim(Seat.EAST, true);
    int sure = PlayOracle.minTricks(p, Side.NS);
    // The table takes the action with nothing searched: the engine asks for what it needs.
    SureTricks.Needed needed = catchThrowableOfType(SureTricks.Needed.class,
        () -> claimed.respondToClaim(Seat.WEST, true, SureTricks.NONE_YET));
    assertThat(needed.side()).isEqualTo(Side.NS);
    SureTricks found = needed.search(Long.MAX_VALUE);
    assertThat(found.of(Side.NS)).contains(OptionalInt.of(sure));
    Play ruled = claimed.respondToClaim(Seat.WEST, true, found);
    assertThat(ruled.rulings()).isEqualTo(claimed.respondToClaim(Seat.WEST, true).rulings())
        .singleElement().satisfies(r -> assertThat(r.law()).isEqualTo("71"));
    // A recorded answer is taken as it is: a search that ran out of time flags nothing.
    Play unsearched = claimed.respondToClaim(Seat.WEST, true,
        SureTricks.NONE_YET.with(Side.NS, OptionalInt.empty()));
    assertThat(unsearched.rulings()).isEmpty();
    assertThat(unsearched.result()).isEqualTo(ruled.result());
  }

  /**
   * Past the replay's node budget a claim's search gives up, and the table ruled without it;
   * within the table's larger budget the same search finishes.
   */
  @Test
  void theTablesBudgetSearchesPastTheReplaysBudget() {
    Play p = PlayFixtures.start(
        "N:932.AT875.9.Q642 Q4.Q96432.AQT4.A JT86.KJ.K8.KT873 AK75..J76532.J95", "3NT S",
        Mode.LAWS);
    assertThat(p.guaranteed(Side.EW)).isEmpty();
    assertThat(p.guaranteed(Side.EW, org.tenace.server.table.Limits.CLAIM_SEARCH_NODES))
        .hasValue(1);
  }
}
