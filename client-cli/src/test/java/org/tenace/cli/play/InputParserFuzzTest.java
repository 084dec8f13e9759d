package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;
import org.tenace.cli.play.InputParser.Context;
import org.tenace.cli.play.InputParser.Expect;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Suit;

/**
 * Whatever a player types, at whatever turn: the parser answers with a command (a mistyped line
 * is a {@link Command.Mistyped}, never an exception). Run by Jazzer (docs/fuzzing.md); findings
 * are kept in InputParserFuzzTestInputs.
 */
class InputParserFuzzTest {

  @FuzzTest
  void anyLineAtAnyTurnIsACommand(FuzzedDataProvider data) {
    Context ctx = context(data);
    String line = data.consumeRemainingAsString();
    Command c = InputParser.parse(line, ctx);
    assertThat(c).isNotNull();
    if (c instanceof Command.Mistyped m) {
      assertThat(m.reason()).isNotBlank();
    }
  }

  private static Context context(FuzzedDataProvider data) {
    Expect expect = data.pickValue(Expect.values());
    List<Card> cards = new ArrayList<>();
    for (int n = data.consumeInt(0, 13); n > 0; n--) {
      cards.add(Card.of(data.consumeInt(0, 51)));
    }
    List<Command.Choice> choices = new ArrayList<>();
    for (Command.Choice c : Command.Choice.values()) {
      if (data.consumeBoolean()) {
        choices.add(c);
      }
    }
    List<Suit> suits = new ArrayList<>();
    for (Suit s : Suit.values()) {
      if (data.consumeBoolean()) {
        suits.add(s);
      }
    }
    return new Context(expect, List.of(), cards, choices, suits);
  }
}
