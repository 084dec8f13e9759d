package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.cli.play.InputParser.Context;
import org.tenace.cli.play.InputParser.Expect;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;

class InputParserTest {
  private static final Context CALL = Context.of(Expect.CALL);
  private static final Context CARD = Context.of(Expect.CARD);

  private static Context cards(String... legal) {
    return new Context(Expect.CARD, List.of(),
        java.util.Arrays.stream(legal).map(Card::parse).toList());
  }

  @ParameterizedTest
  @CsvSource({"1nt,1NT", "1N,1NT", "1NT,1NT", "1n,1NT", "3c,3C", "7S,7S", "2♥,2H", "p,Pass",
      "pass,Pass", "PASS,Pass", "x,X", "dbl,X", "X,X", "xx,XX", "rdbl,XX", "' 4h ',4H"})
  void callsAreReadInEveryUsualNotation(String typed, String meant) {
    assertThat(InputParser.parse(typed, CALL))
        .isEqualTo(new Command.MakeCall(Call.parse(meant), false, ""));
  }

  @Test
  void anExclamationMarkAlertsTheCallAndTheRestExplainsIt() {
    assertThat(InputParser.parse("1c! could be short", CALL))
        .isEqualTo(new Command.MakeCall(Call.parse("1C"), true, "could be short"));
    assertThat(InputParser.parse("2nt!", CALL))
        .isEqualTo(new Command.MakeCall(Call.parse("2NT"), true, ""));
    assertThat(InputParser.parse("2d ! weak two", CALL))
        .isEqualTo(new Command.MakeCall(Call.parse("2D"), true, "weak two"));
  }

  @ParameterizedTest
  @CsvSource({"1q,'''1q'' is not a call'", "8c,levels are 1..7", "hello,'''hello'' is not a call'",
      "1c 1d,one call at a time", "!,a call before the '!'"})
  void aMistypedCallSaysWhatWasWrong(String typed, String reason) {
    assertThat(InputParser.parse(typed, CALL)).isInstanceOfSatisfying(Command.Mistyped.class,
        m -> assertThat(m.reason()).contains(reason));
  }

  @ParameterizedTest
  @CsvSource({"sq,SQ", "qs,SQ", "♠Q,SQ", "Q♠,SQ", "s10,ST", "st,ST", "10s,ST", "ts,ST",
      "S 10,ST", "h2,H2", "2h,H2", "DA,DA", "ad,DA", "c9,C9", "♣j,CJ", "♡k,HK"})
  void cardsAreReadInEveryUsualNotation(String typed, String meant) {
    assertThat(InputParser.parse(typed, CARD)).isEqualTo(new Command.PlayCard(Card.parse(meant)));
  }

  @Test
  void aBareRankOrSuitIsEnoughWhenOneLegalCardFits() {
    Context followingSpades = cards("SQ", "S7", "S2");
    assertThat(InputParser.parse("q", followingSpades))
        .isEqualTo(new Command.PlayCard(Card.parse("SQ")));
    assertThat(InputParser.parse("7", followingSpades))
        .isEqualTo(new Command.PlayCard(Card.parse("S7")));
    assertThat(InputParser.parse("s", cards("S5", "HA")))
        .isEqualTo(new Command.PlayCard(Card.parse("S5")));
  }

  @Test
  void aBareRankThatFitsSeveralOrNoneAsksForMore() {
    assertThat(InputParser.parse("q", cards("SQ", "HQ", "C2")))
        .isInstanceOfSatisfying(Command.Mistyped.class,
            m -> assertThat(m.reason()).isEqualTo("which one? SQ HQ (type the suit too)"));
    assertThat(InputParser.parse("10", cards("SQ", "C2")))
        .isInstanceOfSatisfying(Command.Mistyped.class,
            m -> assertThat(m.reason()).isEqualTo("no legal card of rank 10; legal: SQ C2"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"x", "1c", "s11", "zz", "sqq", "pass"})
  void aMistypedCardSaysHowToTypeOne(String typed) {
    assertThat(InputParser.parse(typed, CARD)).isInstanceOfSatisfying(Command.Mistyped.class,
        m -> assertThat(m.reason()).contains("is not a card"));
  }

  @Test
  void commandsAreReadWhateverTheTurn() {
    assertThat(InputParser.parse("claim 3", CARD)).isEqualTo(new Command.Claim(3));
    assertThat(InputParser.parse("CLAIM 0", CARD)).isEqualTo(new Command.Claim(0));
    assertThat(InputParser.parse("concede", CARD)).isEqualTo(new Command.Claim(0));
    assertThat(InputParser.parse("undo", CALL)).isEqualTo(new Command.RequestUndo());
    assertThat(InputParser.parse("help", CALL)).isEqualTo(new Command.Help());
    assertThat(InputParser.parse("quit", CARD)).isEqualTo(new Command.Quit());
    assertThat(InputParser.parse("alert 15-17", CALL)).isEqualTo(new Command.Alert("15-17"));
    assertThat(InputParser.parse("ready", Context.of(Expect.NOTHING)))
        .isEqualTo(new Command.Ready());
  }

  @Test
  void enterMeansReadyBetweenBoardsAndRedrawOtherwise() {
    assertThat(InputParser.parse("", Context.of(Expect.READY))).isEqualTo(new Command.Ready());
    assertThat(InputParser.parse("  ", CALL)).isEqualTo(new Command.Nothing());
  }

  @Test
  void acceptAndYesAnswerWhicheverRequestIsOpen() {
    Context claim = Context.of(Expect.CLAIM_ANSWER);
    Context undo = Context.of(Expect.UNDO_ANSWER);
    assertThat(InputParser.parse("accept", claim)).isEqualTo(new Command.AnswerClaim(true));
    assertThat(InputParser.parse("no", claim)).isEqualTo(new Command.AnswerClaim(false));
    assertThat(InputParser.parse("yes", undo)).isEqualTo(new Command.AnswerUndo(true));
    assertThat(InputParser.parse("reject", undo)).isEqualTo(new Command.AnswerUndo(false));
    assertThat(InputParser.parse("accept", CALL)).isInstanceOfSatisfying(Command.Mistyped.class,
        m -> assertThat(m.reason()).contains("no claim or undo request is open"));
  }

  @ParameterizedTest
  @CsvSource({"claim,claim how many tricks?", "claim many,'''many'' is not a number'",
      "claim 14,a claim is 0 to 13 tricks", "alert,alert what?"})
  void aCommandWithoutItsArgumentSaysWhatIsMissing(String typed, String reason) {
    assertThat(InputParser.parse(typed, CARD)).isInstanceOfSatisfying(Command.Mistyped.class,
        m -> assertThat(m.reason()).contains(reason));
  }

  @Test
  void withoutATurnACallOrACardIsStillReadSoTheServerCanSayWhy() {
    Context none = Context.of(Expect.NOTHING);
    assertThat(InputParser.parse("1h", none))
        .isEqualTo(new Command.MakeCall(Call.parse("1H"), false, ""));
    assertThat(InputParser.parse("hq", none)).isEqualTo(new Command.PlayCard(Card.parse("HQ")));
    assertThat(InputParser.parse("zzz", none)).isInstanceOf(Command.Mistyped.class);
  }
}
