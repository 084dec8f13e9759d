package org.tenace.cli.play;

import java.util.Objects;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.card.Card;

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

  /** Leave the client (the seat is kept: the token resumes it). */
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
