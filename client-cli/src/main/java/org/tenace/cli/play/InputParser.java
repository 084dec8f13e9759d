package org.tenace.cli.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Suit;

/**
 * Reads what a player types at the prompt, forgivingly: calls as {@code 1nt}, {@code 1N},
 * {@code p}, {@code x}, {@code dbl}; cards as {@code sq}, {@code qs}, {@code ♠Q}, {@code s10},
 * {@code 10s}, or a bare rank when only one legal card has it; and the table commands. Pure: it
 * decides what was meant, never whether it is legal (the server does that and says why).
 */
public final class InputParser {

  /** What the player is expected to do now, from the turn the server sent. */
  public enum Expect { CALL, CARD, CLAIM_ANSWER, UNDO_ANSWER, OPTION, READY, NOTHING }

  /**
   * The turn as the parser needs it: what is expected; for cards, the legal ones; for a laws-mode
   * option, the choices it offers and the suits that require and ban may name.
   */
  public record Context(Expect expect, List<Call> legalCalls, List<Card> legalCards,
      List<Command.Choice> choices, List<Suit> suits) {
    public Context {
      Objects.requireNonNull(expect, "expect");
      legalCalls = List.copyOf(legalCalls);
      legalCards = List.copyOf(legalCards);
      choices = List.copyOf(choices);
      suits = List.copyOf(suits);
    }

    public Context(Expect expect, List<Call> legalCalls, List<Card> legalCards) {
      this(expect, legalCalls, legalCards, List.of(), List.of());
    }

    public static Context of(Expect expect) {
      return new Context(expect, List.of(), List.of());
    }

    /** An option's turn: its choices and suits. */
    public static Context option(List<Command.Choice> choices, List<Suit> suits) {
      return new Context(Expect.OPTION, List.of(), List.of(), choices, suits);
    }

    /** What may be typed for the option, in order: {@code accept}, {@code ban ♠}, ... */
    public List<String> choiceWords() {
      List<String> out = new ArrayList<>();
      for (Command.Choice c : choices) {
        if (c.takesSuit()) {
          for (Suit s : suits) {
            out.add(c.word() + " " + s.symbol());
          }
        } else {
          out.add(c.word());
        }
      }
      return out;
    }
  }

  private InputParser() {}

  /** The commands, for help and completion. */
  public static final List<String> COMMANDS = List.of("claim", "concede", "accept", "reject",
      "undo", "yes", "no", "alert", "last", "auto", "ready", "laws", "dd", "explain", "help",
      "quit");

  /** The words of a laws-mode option (see {@link Command.Choice}). */
  public static final List<String> OPTION_WORDS = List.of("accept", "dummy", "refuse",
      "require", "ban", "waive");

  /** explain N: the number of a call of the auction. */
  private static Command explain(String rest) {
    try {
      int n = Integer.parseInt(rest);
      if (n >= 1) {
        return new Command.Explain(n);
      }
    } catch (NumberFormatException e) {
      // said below
    }
    return new Command.Mistyped("explain N: N is a call's place in the auction, 1 for the "
        + "dealer's first" + (rest.isEmpty() ? "" : ", not '" + rest + "'"));
  }

  public static Command parse(String line, Context ctx) {
    String text = line == null ? "" : line.strip();
    if (text.isEmpty()) {
      return ctx.expect() == Expect.READY ? new Command.Ready() : new Command.Nothing();
    }
    String[] words = text.split("\\s+", 2);
    String head = words[0].toLowerCase(Locale.ROOT);
    String rest = words.length > 1 ? words[1].strip() : "";
    switch (head) {
      case "help": case "?": return new Command.Help();
      case "last": return new Command.LastTrick();
      case "auto": return switch (rest.toLowerCase(Locale.ROOT)) {
        case "" -> new Command.AutoPlay(Optional.empty());
        case "on" -> new Command.AutoPlay(Optional.of(true));
        case "off" -> new Command.AutoPlay(Optional.of(false));
        default -> new Command.Mistyped("auto, auto on or auto off, not 'auto " + rest + "'");
      };
      case "laws": return new Command.Laws();
      case "dd": return new Command.DoubleDummy();
      case "explain": return explain(rest);
      case "quit": case "exit": return new Command.Quit();
      case "ready": case "next": return new Command.Ready();
      case "undo": return new Command.RequestUndo();
      case "concede": return new Command.Claim(0);
      case "claim": return claim(rest);
      case "alert": return rest.isEmpty()
          ? new Command.Mistyped("alert what? type: alert TEXT (it goes with your next call)")
          : new Command.Alert(rest);
      default: break;
    }
    // The turn decides what accept means: a claim's answer, or an option's choice.
    if (ctx.expect() == Expect.OPTION) {
      return option(head, rest, text, ctx);
    }
    switch (head) {
      case "accept": case "yes": case "y": return answer(ctx, true, head);
      case "reject": case "no": case "n": return answer(ctx, false, head);
      case "refuse": case "dummy": case "require": case "ban": case "waive":
        return new Command.Mistyped("nothing to " + head + ": no option is yours to choose");
      default: break;
    }
    return switch (ctx.expect()) {
      case CARD -> card(text, ctx.legalCards());
      case CALL -> call(text);
      default -> guess(text, ctx);
    };
  }

  /**
   * A laws-mode option is the player's: one of its choices, or a call or card (in the auction,
   * calling over an irregular call accepts it; the server says what a call or card means now).
   * Anything else is answered with the choices, so that the prompt stays.
   */
  private static Command option(String head, String rest, String text, Context ctx) {
    Optional<Command.Choice> named = Command.Choice.ofWord(head);
    String valid = String.join(" | ", ctx.choiceWords());
    if (named.isEmpty()) {
      if (List.of("reject", "yes", "y", "no", "n").contains(head)) {
        return new Command.Mistyped("'" + head + "' is not one of the choices: " + valid);
      }
      Command c = guess(text, Context.of(Expect.NOTHING));
      return c instanceof Command.Mistyped
          ? new Command.Mistyped("'" + text + "' is not one of the choices: " + valid) : c;
    }
    Command.Choice choice = named.get();
    if (!ctx.choices().contains(choice)) {
      return new Command.Mistyped("'" + choice.word() + "' is not offered here; choose one of: "
          + valid);
    }
    if (!choice.takesSuit()) {
      return rest.isEmpty() ? Command.ChooseOption.of(choice)
          : new Command.Mistyped("'" + choice.word() + "' takes nothing after it; choose one of: "
              + valid);
    }
    if (rest.isEmpty()) {
      return new Command.Mistyped(choice.word() + " which suit? choose one of: " + valid);
    }
    Suit s = suitNamed(rest);
    if (s == null) {
      return new Command.Mistyped("'" + rest + "' is not a suit (S, H, D, C or a symbol); "
          + "choose one of: " + valid);
    }
    if (!ctx.suits().contains(s)) {
      return new Command.Mistyped("'" + choice.word() + " " + s.symbol() + "' is not offered "
          + "here; choose one of: " + valid);
    }
    return Command.ChooseOption.of(choice, s);
  }

  /** A suit as a letter, a symbol or a name ({@code s}, {@code ♠}, {@code spades}). */
  static Suit suitNamed(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    for (Suit s : Suit.values()) {
      if (t.equals(s.name().toLowerCase(Locale.ROOT))
          || t.equals(s.name().toLowerCase(Locale.ROOT).substring(0, s.name().length() - 1))) {
        return s;
      }
    }
    String n = normalize(t);
    return n.length() == 1 ? suit(n.charAt(0)) : null;
  }

  private static Command claim(String rest) {
    if (rest.isEmpty()) {
      return new Command.Mistyped("claim how many tricks? type: claim N (of those left to play)");
    }
    try {
      int n = Integer.parseInt(rest);
      if (n < 0 || n > 13) {
        return new Command.Mistyped("a claim is 0 to 13 tricks, not " + n);
      }
      return new Command.Claim(n);
    } catch (NumberFormatException e) {
      return new Command.Mistyped("claim how many tricks? '" + rest + "' is not a number");
    }
  }

  private static Command answer(Context ctx, boolean yes, String word) {
    return switch (ctx.expect()) {
      case CLAIM_ANSWER -> new Command.AnswerClaim(yes);
      case UNDO_ANSWER -> new Command.AnswerUndo(yes);
      default -> word.equals("n") && ctx.expect() == Expect.CARD
          ? new Command.Mistyped("'n' is not a card: type a suit and a rank, such as SQ or Q♠")
          : new Command.Mistyped("nothing to " + word + ": no claim or undo request is open"
              + (word.equals("accept") ? ", nor an option of yours" : ""));
    };
  }

  /** No turn: whichever reading works, so that the server can say why it is not one's turn. */
  private static Command guess(String text, Context ctx) {
    Command c = call(text);
    if (c instanceof Command.MakeCall) {
      return c;
    }
    Command card = card(text, ctx.legalCards());
    return card instanceof Command.PlayCard ? card
        : new Command.Mistyped("'" + text + "' is neither a call nor a card; type help");
  }

  /** {@code 1nt}, {@code 1N}, {@code p}, {@code x}, {@code xx}, {@code dbl}; {@code 1c!} or
   * {@code 1c! text} alerts it. */
  static Command call(String text) {
    String[] words = text.strip().split("\\s+", 2);
    String word = words[0];
    String explanation = words.length > 1 ? words[1].strip() : "";
    boolean alert = false;
    if (word.endsWith("!")) {
      alert = true;
      word = word.substring(0, word.length() - 1);
    } else if (explanation.startsWith("!")) {
      alert = true;
      explanation = explanation.substring(1).strip();
    } else if (!explanation.isEmpty()) {
      return new Command.Mistyped("'" + text + "': one call at a time (to explain it, type "
          + word + "! TEXT)");
    }
    if (word.isEmpty()) {
      return new Command.Mistyped("a call before the '!', such as 1C! or 2NT! TEXT");
    }
    try {
      return new Command.MakeCall(Call.parse(word), alert, explanation);
    } catch (IllegalArgumentException e) {
      // The parser's reason, when it adds to "not a call" (levels are 1..7), without the quote.
      String why = e.getMessage() == null ? "" : e.getMessage().replaceFirst(":\\s*'.*'$", "");
      return new Command.Mistyped("'" + word + "' is not a call"
          + (why.isEmpty() || why.startsWith("not a call") ? "" : " (" + why + ")")
          + ": type 1C..7NT, P, X or XX");
    }
  }

  /** A card in any of the usual notations; a bare rank (or suit) when one legal card fits. */
  static Command card(String text, List<Card> legal) {
    String t = normalize(text);
    if (t.length() == 2) {
      Suit s = suit(t.charAt(0));
      Rank r = rank(t.charAt(1));
      if (s == null || r == null) {
        s = suit(t.charAt(1));
        r = rank(t.charAt(0));
      }
      if (s != null && r != null) {
        return new Command.PlayCard(Card.of(s, r));
      }
    } else if (t.length() == 1) {
      Rank r = rank(t.charAt(0));
      Suit s = suit(t.charAt(0));
      List<Card> fits = new ArrayList<>();
      for (Card c : legal) {
        if (c.rank() == r || c.suit() == s) {
          fits.add(c);
        }
      }
      if (r != null || s != null) {
        if (fits.size() == 1) {
          return new Command.PlayCard(fits.get(0));
        }
        String what = r != null ? "rank " + display(r) : "suit " + s.letter();
        if (legal.isEmpty()) {
          // No card is expected (a lead out of turn, at a laws-mode table): no guessing.
          return new Command.Mistyped("which card? type the suit and the rank, such as SQ");
        }
        return new Command.Mistyped(fits.isEmpty()
            ? "no legal card of " + what + "; legal: " + list(legal)
            : "which one? " + list(fits) + " (type the suit too)");
      }
    }
    return new Command.Mistyped("'" + text.strip() + "' is not a card: type a suit and a rank, "
        + "such as SQ, QS, S10 or 10S");
  }

  /** Upper case, suit symbols to letters, 10 to T, no spaces. */
  private static String normalize(String text) {
    StringBuilder b = new StringBuilder();
    for (char c : text.strip().toUpperCase(Locale.ROOT).toCharArray()) {
      switch (c) {
        case '♠', '♤' -> b.append('S');
        case '♥', '♡' -> b.append('H');
        case '♦', '♢' -> b.append('D');
        case '♣', '♧' -> b.append('C');
        case ' ', '\t' -> { }
        default -> b.append(c);
      }
    }
    return b.toString().replace("10", "T");
  }

  private static Suit suit(char c) {
    return switch (c) {
      case 'S' -> Suit.SPADES;
      case 'H' -> Suit.HEARTS;
      case 'D' -> Suit.DIAMONDS;
      case 'C' -> Suit.CLUBS;
      default -> null;
    };
  }

  private static Rank rank(char c) {
    for (Rank r : Rank.values()) {
      if (r.letter() == c) {
        return r;
      }
    }
    return null;
  }

  private static String display(Rank r) {
    return r == Rank.TEN ? "10" : String.valueOf(r.letter());
  }

  private static String list(List<Card> cards) {
    StringBuilder b = new StringBuilder();
    for (Card c : cards) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(c.suit().letter()).append(display(c.rank()));
    }
    return b.toString();
  }
}
