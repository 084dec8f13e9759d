package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.cli.play.InputParser.Context;
import org.tenace.cli.play.InputParser.Expect;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Suit;

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

  // ---- laws-mode options ----

  private static final Context LEAD_OUT_OF_TURN = Context.option(List.of(Command.Choice.ACCEPT,
      Command.Choice.ACCEPT_AS_DUMMY, Command.Choice.REFUSE), List.of());
  private static final Context PENALTY_CARD = Context.option(List.of(Command.Choice.REQUIRE,
      Command.Choice.BAN, Command.Choice.WAIVE), List.of(Suit.SPADES));

  @ParameterizedTest
  @CsvSource({"accept,ACCEPT", "ACCEPT,ACCEPT", "' refuse ',REFUSE", "dummy,ACCEPT_AS_DUMMY"})
  void theChoicesOfALeadOutOfTurnAreTypedAsWords(String typed, Command.Choice meant) {
    assertThat(InputParser.parse(typed, LEAD_OUT_OF_TURN))
        .isEqualTo(Command.ChooseOption.of(meant));
  }

  @ParameterizedTest
  @CsvSource({"require s,REQUIRE", "require S,REQUIRE", "require ♠,REQUIRE",
      "require spades,REQUIRE", "ban s,BAN", "BAN ♤,BAN", "ban spade,BAN"})
  void requireAndBanNameTheSuitByLetterSymbolOrName(String typed, Command.Choice meant) {
    assertThat(InputParser.parse(typed, PENALTY_CARD))
        .isEqualTo(Command.ChooseOption.of(meant, Suit.SPADES));
    assertThat(InputParser.parse("waive", PENALTY_CARD))
        .isEqualTo(Command.ChooseOption.of(Command.Choice.WAIVE));
  }

  @ParameterizedTest
  @CsvSource(delimiter = ';', value = {
      "dummy; 'dummy' is not offered here; choose one of: require ♠ | ban ♠ | waive",
      "accept; 'accept' is not offered here; choose one of: require ♠ | ban ♠ | waive",
      "ban h; 'ban ♥' is not offered here; choose one of: require ♠ | ban ♠ | waive",
      "ban; ban which suit? choose one of: require ♠ | ban ♠ | waive",
      "require x; 'x' is not a suit (S, H, D, C or a symbol); choose one of: require ♠ | ban ♠",
      "waive now; 'waive' takes nothing after it; choose one of: require ♠ | ban ♠ | waive",
      "reject; 'reject' is not one of the choices: require ♠ | ban ♠ | waive",
      "yes; 'yes' is not one of the choices: require ♠ | ban ♠ | waive",
      "hello; 'hello' is not one of the choices: require ♠ | ban ♠ | waive"})
  void aChoiceTheOptionDoesNotOfferIsAnsweredWithTheValidOnes(String typed, String reason) {
    assertThat(InputParser.parse(typed, PENALTY_CARD)).isInstanceOfSatisfying(
        Command.Mistyped.class, m -> assertThat(m.reason()).contains(reason));
  }

  @Test
  void theTurnDecidesWhatAcceptMeans() {
    assertThat(InputParser.parse("accept", Context.of(Expect.CLAIM_ANSWER)))
        .isEqualTo(new Command.AnswerClaim(true));
    assertThat(InputParser.parse("accept", LEAD_OUT_OF_TURN))
        .isEqualTo(Command.ChooseOption.of(Command.Choice.ACCEPT));
    assertThat(InputParser.parse("refuse", Context.of(Expect.CLAIM_ANSWER)))
        .isInstanceOfSatisfying(Command.Mistyped.class, m -> assertThat(m.reason())
            .isEqualTo("nothing to refuse: no option is yours to choose"));
  }

  @Test
  void atAnOptionACallOrACardStillGoesToTheServer() {
    // Calling over an insufficient bid accepts it (Law 27A); the server says what it means.
    Context insufficient = Context.option(List.of(Command.Choice.ACCEPT, Command.Choice.REFUSE),
        List.of());
    assertThat(InputParser.parse("2h", insufficient))
        .isEqualTo(new Command.MakeCall(Call.parse("2H"), false, ""));
    assertThat(InputParser.parse("hk", LEAD_OUT_OF_TURN))
        .isEqualTo(new Command.PlayCard(Card.parse("HK")));
  }

  @Test
  void theChoiceWordsListEverySuitTheOptionLets() {
    assertThat(Context.option(List.of(Command.Choice.BAN, Command.Choice.WAIVE),
        List.of(Suit.SPADES, Suit.CLUBS)).choiceWords())
        .containsExactly("ban ♠", "ban ♣", "waive");
  }

  @Test
  void aChoiceThatNamesASuitMustHaveOne() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> Command.ChooseOption.of(Command.Choice.BAN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("ban needs a suit");
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> Command.ChooseOption.of(Command.Choice.WAIVE, Suit.HEARTS))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("waive takes no suit");
  }

  @Test
  void aBareRankWithNoCardExpectedAsksForTheWholeCard() {
    assertThat(InputParser.parse("q", Context.of(Expect.NOTHING)))
        .isInstanceOfSatisfying(Command.Mistyped.class, m -> assertThat(m.reason())
            .isEqualTo("'q' is neither a call nor a card; type help"));
    assertThat(InputParser.card("q", List.of())).isInstanceOfSatisfying(Command.Mistyped.class,
        m -> assertThat(m.reason()).isEqualTo("which card? type the suit and the rank, such as SQ"));
  }
}
