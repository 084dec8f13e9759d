package org.tenace.cli.play;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/** What a line typed at the prompt asks for, once {@link InputParser} has read it. */
public sealed interface Command {

  /** A call, with a self-alert and an explanation if the player gave one. */
  record MakeCall(Call call, boolean alert, String explanation) implements Command {
    public MakeCall {
      Objects.requireNonNull(call, "call");
      explanation = explanation == null ? "" : explanation;
    }
  }

  /** A card, from the hand the turn names (declarer's own or dummy's). */
  record PlayCard(Card card) implements Command {
    public PlayCard {
      Objects.requireNonNull(card, "card");
    }
  }

  /** A claim of {@code tricks} of the remaining tricks (0 concedes them all). */
  record Claim(int tricks) implements Command {
    public Claim {
      if (tricks < 0 || tricks > 13) {
        throw new IllegalArgumentException("tricks 0..13: " + tricks);
      }
    }
  }

  /** An answer to the open claim. */
  record AnswerClaim(boolean accept) implements Command {}

  /** The choices a laws-mode option may offer, by the word a player types for each. */
  enum Choice {
    /** Accept the irregular call or lead (Laws 27A, 29A, 53, 54A, 55A). */
    ACCEPT("accept"),
    /** Law 54A: accept the opening lead out of turn and become dummy. */
    ACCEPT_AS_DUMMY("dummy"),
    /** Refuse it: the Law's rectification applies. */
    REFUSE("refuse"),
    /** Require the player on lead to lead a suit (Law 50D2a). */
    REQUIRE("require"),
    /** Forbid a suit to the player on lead while he keeps the lead (Laws 26B, 50D2b). */
    BAN("ban"),
    /** Impose no lead restriction. */
    WAIVE("waive");

    private final String word;

    Choice(String word) {
      this.word = word;
    }

    /** What the player types. */
    public String word() {
      return word;
    }

    /** Require and ban name a suit; the others take none. */
    public boolean takesSuit() {
      return this == REQUIRE || this == BAN;
    }

    /** The choice a typed word names, if any. */
    public static Optional<Choice> ofWord(String text) {
      String w = text.toLowerCase(Locale.ROOT);
      for (Choice c : values()) {
        if (c.word.equals(w)) {
          return Optional.of(c);
        }
      }
      return Optional.empty();
    }
  }

  /** A laws-mode option exercised: one of its choices, with a suit for require and ban. */
  record ChooseOption(Choice choice, Optional<Suit> suit) implements Command {
    public ChooseOption {
      Require.nonNull("choice suit", choice, suit);
      if (choice.takesSuit() != suit.isPresent()) {
        throw new IllegalArgumentException(choice.word() + (choice.takesSuit()
            ? " needs a suit" : " takes no suit"));
      }
    }

    public static ChooseOption of(Choice choice) {
      return new ChooseOption(choice, Optional.empty());
    }

    public static ChooseOption of(Choice choice, Suit suit) {
      return new ChooseOption(choice, Optional.of(suit));
    }
  }

  /** A request to undo one's own latest call or card. */
  record RequestUndo() implements Command {}

  /** An answer to an opponent's undo request. */
  record AnswerUndo(boolean accept) implements Command {}

  /** An alert and explanation to attach to the player's next call. */
  record Alert(String explanation) implements Command {
    public Alert {
      Objects.requireNonNull(explanation, "explanation");
    }
  }

  /** Ready for the next board. */
  record Ready() implements Command {}

  /** Show the help text. */
  record Help() implements Command {}

  /** Auto-play on or off ({@code on} empty: switch it over). */
  record AutoPlay(Optional<Boolean> on) implements Command {}

  /** Show the last trick and who won it. */
  record LastTrick() implements Command {}

  /** Show the double-dummy table and par of the board just played. */
  record DoubleDummy() implements Command {}

  /** What call {@code number} of the auction means, as the robots read it (1: dealer's first). */
  record Explain(int number) implements Command {}

  /** List the irregularities announced on this board (laws mode). */
  record Laws() implements Command {}

  /** Leave the table: the seat is given up and its saved token forgotten. (Ending the client
   * any other way, Ctrl-D or a kill, keeps the seat: the saved token resumes it.) */
  record Quit() implements Command {}

  /** An empty line with nothing to do: redraw. */
  record Nothing() implements Command {}

  /** A line that could not be read; {@code reason} says why, for the player. */
  record Mistyped(String reason) implements Command {
    public Mistyped {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
