package org.tenace.cli.play;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.CallBar;
import org.tenace.proto.v1.Irregularity;
import org.tenace.proto.v1.IrregularityKind;
import org.tenace.proto.v1.LeadPenalty;
import org.tenace.proto.v1.LeadRestriction;
import org.tenace.proto.v1.Option;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.PenaltyCard;
import org.tenace.proto.v1.Restrictions;
import org.tenace.proto.v1.Ruling;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableSnapshot;

/**
 * Laws mode in the words of the bridge table: what an option is about and what may be typed to
 * exercise it, the bars, lead restrictions and penalty cards in force, and the rulings. Pure, as
 * {@link Screen} is, whose suit symbols (or letters) it uses.
 */
final class LawsText {
  /** The Laws whose options come in the play: they are about a card, or a lead, never a call. */
  private static final java.util.Set<String> PLAY_LAWS = java.util.Set.of("26", "50D2", "53",
      "54", "55");

  private final Screen screen;

  LawsText(Screen screen) {
    this.screen = screen;
  }

  // ---- options ----

  /** What happened, in one sentence: "East's 1♥ was insufficient (Law 27)." */
  String headline(Option o, BoardView b) {
    Seat off = o.getIrregularity().getOffender();
    String who = Screen.seatName(off);
    String law = o.getLaw();
    if (o.getIrregularity().hasCard()) {
      String card = screen.card(o.getIrregularity().getCard().getCard()).toString();
      return law.equals("54") ? who + " faced the opening lead " + card + " out of turn (Law 54)."
          : who + " led " + card + " out of turn (Law " + law + ").";
    }
    String call = irregularCall(o, b).map(a -> screen.call(a.getCall()).toString())
        .orElse("call");
    String leader = Screen.seatName(Screen.rotate(off, 2));
    return switch (law) {
      case "27" -> who + "'s " + call + " was insufficient (Law 27).";
      case "27B4" -> who + "'s " + call + " was insufficient again (Law 27B4).";
      case "27C" -> who + " replaced an insufficient bid with " + call
          + " before it was accepted or refused (Law 27C).";
      case "29" -> who + "'s " + call + " was out of rotation (Law 29).";
      case "25B" -> who + " changed a call to " + call + " (Law 25B).";
      case "25B2" -> who + " may keep " + call + " or the call it replaced (1997 Law 25B2).";
      case "26" -> leader + " is on lead after " + who + "'s withdrawn call (Law 26B).";
      case "50D2" -> leader + " is on lead with " + who + "'s penalty card on the table "
          + "(Law 50D).";
      default -> "An irregularity by " + who + " (Law " + law + ").";
    };
  }

  /** What each choice does: the server's account where it wrote one for people, else ours. */
  String explanation(Option o) {
    if (!o.getIrregularity().getDescription().isEmpty()) {
      return o.getIrregularity().getDescription();
    }
    return switch (o.getLaw()) {
      case "53", "55" -> "accept: the lead stands; refuse: it is taken back and the right hand "
          + "leads.";
      case "54" -> "accept: declarer plays second, from his own hand; dummy: declarer becomes "
          + "dummy and his partner declares; refuse: the card is taken back (a penalty card) and "
          + "the right hand leads.";
      case "26" -> "ban a suit: the leader may not lead it while he keeps the lead; waive: no "
          + "restriction.";
      case "50D2" -> "require the penalty card's suit, or ban it while he keeps the lead (the card "
          + "is picked up); waive: the card stays on the table.";
      default -> o.getDescription();
    };
  }

  /** The call the option is about: the one the server names, else the offender's latest. */
  static Optional<AuctionCall> irregularCall(Option o, BoardView b) {
    Irregularity irr = o.getIrregularity();
    if (irr.hasCard() || PLAY_LAWS.contains(o.getLaw())) {
      return Optional.empty();
    }
    if (irr.hasCallIndex()) {
      return b.getAuctionList().stream().filter(a -> a.getIndex() == irr.getCallIndex())
          .findFirst();
    }
    AuctionCall last = null;
    for (AuctionCall a : b.getAuctionList()) {
      if (!a.getWithdrawn() && a.getSeat() == irr.getOffender()) {
        last = a;
      }
    }
    return Optional.ofNullable(last);
  }

  /** The option's choices as the parser knows them, in the server's order. */
  static List<Command.Choice> choices(Option o) {
    List<Command.Choice> out = new ArrayList<>();
    for (OptionChoice c : o.getChoicesList()) {
      choice(c).filter(x -> !out.contains(x)).ifPresent(out::add);
    }
    return out;
  }

  /** The suits require and ban may name. */
  static List<org.tenace.bridge.card.Suit> suits(Option o) {
    List<org.tenace.bridge.card.Suit> out = new ArrayList<>();
    for (Suit s : o.getSuitsList()) {
      if (s != Suit.SUIT_UNSPECIFIED && s != Suit.UNRECOGNIZED) {
        out.add(Vocabulary.suit(s));
      }
    }
    return out;
  }

  static Optional<Command.Choice> choice(OptionChoice c) {
    return switch (c) {
      case OPTION_CHOICE_ACCEPT -> Optional.of(Command.Choice.ACCEPT);
      case OPTION_CHOICE_ACCEPT_AS_DUMMY -> Optional.of(Command.Choice.ACCEPT_AS_DUMMY);
      case OPTION_CHOICE_REFUSE -> Optional.of(Command.Choice.REFUSE);
      case OPTION_CHOICE_REQUIRE_SUIT -> Optional.of(Command.Choice.REQUIRE);
      case OPTION_CHOICE_BAN_SUIT -> Optional.of(Command.Choice.BAN);
      case OPTION_CHOICE_WAIVE -> Optional.of(Command.Choice.WAIVE);
      default -> Optional.empty();
    };
  }

  static OptionChoice toProto(Command.Choice c) {
    return switch (c) {
      case ACCEPT -> OptionChoice.OPTION_CHOICE_ACCEPT;
      case ACCEPT_AS_DUMMY -> OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY;
      case REFUSE -> OptionChoice.OPTION_CHOICE_REFUSE;
      case REQUIRE -> OptionChoice.OPTION_CHOICE_REQUIRE_SUIT;
      case BAN -> OptionChoice.OPTION_CHOICE_BAN_SUIT;
      case WAIVE -> OptionChoice.OPTION_CHOICE_WAIVE;
    };
  }

  /** The holders, "West" or "North or South". */
  static String holders(Option o) {
    return String.join(" or ", o.getHoldersList().stream().map(Screen::seatName).toList());
  }

  // ---- announcements ----

  /** The kind of irregularity in words: "an inadmissible double". */
  static String kind(IrregularityKind k) {
    return switch (k) {
      case IRREGULARITY_KIND_INSUFFICIENT_BID -> "an insufficient bid";
      case IRREGULARITY_KIND_OUT_OF_TURN -> "out of turn";
      case IRREGULARITY_KIND_CHANGE_OF_CALL -> "a change of call";
      case IRREGULARITY_KIND_INADMISSIBLE_DOUBLE -> "an inadmissible double";
      case IRREGULARITY_KIND_INADMISSIBLE_REDOUBLE -> "an inadmissible redouble";
      case IRREGULARITY_KIND_CALL_BARRED -> "a call when he had to pass";
      case IRREGULARITY_KIND_BID_ABOVE_SEVEN -> "a bid above seven";
      case IRREGULARITY_KIND_CALL_AFTER_FINAL_PASS -> "a call after the final pass";
      case IRREGULARITY_KIND_REVOKE -> "a revoke";
      default -> "an irregularity";
    };
  }

  /**
   * An irregularity as the table announced it: "Irregularity (Law 36B): South, an inadmissible
   * double. South doubled partner's 1H: ...", with the server's account when it gave one.
   */
  String announcement(Irregularity i) {
    StringBuilder sb = new StringBuilder("Irregularity (Law ").append(i.getLaw()).append("): ")
        .append(Screen.seatName(i.getOffender())).append(", ").append(kind(i.getKind()));
    if (i.hasCard()) {
      sb.append(" (").append(screen.card(i.getCard().getCard())).append(')');
    }
    sb.append('.');
    String d = i.getDescription().strip();
    if (!d.isEmpty()) {
      sb.append(' ').append(d).append(d.endsWith(".") ? "" : ".");
    }
    return sb.toString();
  }

  /** The {@code laws} command: every irregularity announced on this board, in order. */
  List<String> irregularities(TableSnapshot s) {
    if (!s.hasBoard() || s.getBoard().getIrregularitiesCount() == 0) {
      return List.of("No irregularity on this board.");
    }
    List<String> out = new ArrayList<>();
    int n = 1;
    for (Irregularity i : s.getBoard().getIrregularitiesList()) {
      String call = i.hasCallIndex() ? s.getBoard().getAuctionList().stream()
          .filter(a -> a.getIndex() == i.getCallIndex()).findFirst()
          .map(a -> " [call " + (i.getCallIndex() + 1) + ": " + screen.call(a.getCall()) + "]")
          .orElse(" [call " + (i.getCallIndex() + 1) + "]") : "";
      out.add(n++ + ". " + announcement(i) + call);
    }
    return out;
  }

  // ---- restrictions and rulings ----

  /** One sentence for each bar, lead penalty, lead restriction and penalty card in force. */
  List<String> restrictions(Restrictions r) {
    List<String> out = new ArrayList<>();
    for (CallBar bar : r.getCallBarsList()) {
      String who = Screen.seatName(bar.getSeat());
      out.add(switch (bar.getKind()) {
        case BAR_KIND_PASS_NEXT_TURN -> who + " must pass at the next turn";
        case BAR_KIND_MUST_REPEAT -> who + " must repeat " + screen.call(bar.getCall())
            + " at the next turn";
        default -> who + " must pass for the rest of the auction";
      } + law(bar.getLaw()) + ".");
    }
    for (LeadPenalty lp : r.getLeadPenaltiesList()) {
      List<String> suits = lp.getSuitsList().stream().map(s -> screen.suit(s).toString())
          .toList();
      out.add("If " + Screen.seatName(Screen.rotate(lp.getOffender(), 2)) + " defends, declarer "
          + "may ban one of " + String.join(" ", suits) + " at his first lead" + law(lp.getLaw())
          + ".");
    }
    for (LeadRestriction lr : r.getLeadRestrictionsList()) {
      String who = Screen.seatName(lr.getSeat());
      String suit = screen.suit(lr.getSuit()).toString();
      out.add((lr.getRequired() ? who + " must lead " + suit
          : who + " may not lead " + suit + " while he keeps the lead") + law(lr.getLaw()) + ".");
    }
    for (PenaltyCard pc : r.getPenaltyCardsList()) {
      out.add(Screen.seatName(pc.getCard().getSeat()) + "'s " + screen.card(pc.getCard().getCard())
          + " is a " + (pc.getMajor() ? "major" : "minor") + " penalty card (Law 50).");
    }
    return out;
  }

  /** A ruling as the players see it: open (for the director) or decided, and by whom. */
  static String ruling(Ruling r) {
    if (r.hasDecision()) {
      String by = switch (r.getDecision().getDecidedBy()) {
        case DECIDED_BY_DIRECTOR -> "the director's ruling";
        case DECIDED_BY_TABLE -> "agreed at the table";
        default -> "the Laws' default";
      };
      return "Ruling (Law " + r.getLaw() + "): " + r.getDecision().getChoice() + " (" + by + ").";
    }
    return (r.getGating() ? "Waiting for the director" : "For the director after play")
        + " (Law " + r.getLaw() + "): " + r.getQuestion() + " If no director rules: "
        + r.getDefaultChoice() + ".";
  }

  /** The first open ruling that holds up the table, if any. */
  static Optional<Ruling> gatingRuling(BoardView b) {
    return b.getRulingsList().stream().filter(r -> r.getGating() && !r.hasDecision())
        .findFirst();
  }

  private static String law(String law) {
    return law.isEmpty() ? "" : " (Law " + law + ")";
  }
}
