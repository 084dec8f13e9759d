package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.bridge.card.Side;
import org.tenace.server.engine.BoardEvent.ClaimStatus;
import org.tenace.server.engine.BoardEvent.Played;

/**
 * What one action did to a board, read off the states around it where the change is plain to
 * see (a call or card added, an option replaced): in the order a player at the table sees it.
 */
final class BoardEvents {
  private BoardEvents() {}

  static List<BoardEvent> between(DealState before, DealState after, BoardAction action) {
    List<BoardEvent> out = new ArrayList<>(3);
    calls(before, after, action, out);
    options(before, after, action, out);
    Restrictions rb = Restrictions.of(before);
    Restrictions ra = Restrictions.of(after);
    if (!rb.equals(ra)) {
      out.add(new BoardEvent.RestrictionsChanged(ra));
    }
    if (before instanceof DealState.Auctioning && !(after instanceof DealState.Auctioning)) {
      out.add(new BoardEvent.AuctionEnded(after.auction().contract()));
    }
    play(before, after, action, out);
    rulings(before, after, out);
    if (!before.isOver() && after.isOver()) {
      for (Irregularity i : found(before, after)) {
        if (scoredRevoke(i)) {
          out.add(new BoardEvent.IrregularityFound(i));       // the last card first (Law 64)
        }
      }
      out.add(new BoardEvent.BoardScored(after.outcome().orElseThrow()));
    }
    return List.copyOf(out);
  }

  /** Calls withdrawn or cancelled, then calls made. */
  private static void calls(DealState before, DealState after, BoardAction action,
      List<BoardEvent> out) {
    List<CallRecord> rb = before.auction().record();
    List<CallRecord> ra = after.auction().record();
    List<Integer> withdrawn = new ArrayList<>();
    String law = "";
    for (int i = 0; i < Math.min(rb.size(), ra.size()); i++) {
      if (rb.get(i).status().live() && !ra.get(i).status().live()) {
        if (withdrawn.isEmpty()) {
          law = ra.get(i).law();
        }
        withdrawn.add(i);
      }
    }
    if (!withdrawn.isEmpty()) {
      out.add(new BoardEvent.CallsWithdrawn(withdrawn, law, action instanceof BoardAction.Undo));
    }
    for (int i = rb.size(); i < ra.size(); i++) {
      out.add(new BoardEvent.CallMade(ra.get(i)));
    }
  }

  /** The option that was open settled, then a new one offered with its irregularity. */
  private static void options(DealState before, DealState after, BoardAction action,
      List<BoardEvent> out) {
    Optional<PendingOption> cb = before.auction().option();
    Optional<PendingOption> ca = after.auction().option();
    Optional<PlayOption> pb = cb.isPresent() ? Optional.empty() : playOption(before);
    Optional<PlayOption> pa = ca.isPresent() ? Optional.empty() : playOption(after);
    boolean wasOpen = cb.isPresent() || pb.isPresent();
    boolean same = cb.equals(ca) && pb.equals(pa);
    if (wasOpen && !same) {
      out.add(answer(action));
    }
    // The irregularities as the engine found them, each once, before any option.
    for (Irregularity i : found(before, after)) {
      if (!scoredRevoke(i)) {
        out.add(new BoardEvent.IrregularityFound(i));
      }
    }
    if (ca.isPresent() && !same) {
      out.add(new BoardEvent.CallOptionOffered(ca.get()));
    } else if (pa.isPresent() && !same) {
      out.add(new BoardEvent.PlayOptionOffered(pa.get()));
    }
  }

  private static List<Irregularity> found(DealState before, DealState after) {
    List<Irregularity> fb = before.irregularities();
    return after.irregularities().stream().filter(i -> !fb.contains(i)).toList();
  }

  /** An established revoke, found as play ends (Law 64): told after the last card. */
  private static boolean scoredRevoke(Irregularity i) {
    return i.kind() == Irregularity.Kind.REVOKE && !i.law().equals("62");
  }

  private static Optional<PlayOption> playOption(DealState s) {
    return s.playIfStarted().flatMap(Play::pendingOption);
  }

  private static BoardEvent.OptionAnswered answer(BoardAction action) {
    if (action instanceof BoardAction.Choose ch) {
      return new BoardEvent.OptionAnswered(Optional.of(ch.seat()), Optional.of(ch.choice()));
    }
    if (action instanceof BoardAction.Call c) {
      return new BoardEvent.OptionAnswered(Optional.of(c.seat()), Optional.of(PlayChoice.ACCEPT));
    }
    if (action instanceof BoardAction.PlayCard p) {
      return new BoardEvent.OptionAnswered(Optional.of(p.seat()), Optional.of(PlayChoice.ACCEPT));
    }
    return new BoardEvent.OptionAnswered(Optional.empty(), Optional.empty());
  }

  private static void play(DealState before, DealState after, BoardAction action,
      List<BoardEvent> out) {
    Optional<Play> pa = after.playIfStarted();
    if (pa.isEmpty()) {
      return;
    }
    Play a = pa.get();
    Optional<Play> pb = before.playIfStarted();
    int playedBefore = pb.map(Play::cardsPlayed).orElse(0);
    boolean faced = pb.map(Play::dummyFaced).orElse(false);
    List<Trick> ta = a.tricksSoFar();
    boolean exposed = false;
    if (a.cardsPlayed() < playedBefore && pb.isPresent()) {
      // Cards taken back: an undo, or a revoke corrected (Law 62).
      boolean undone = action instanceof BoardAction.Undo;
      List<Played> cards = new ArrayList<>();
      int trick = 0;
      int n = 0;
      for (Trick tr : pb.get().tricksSoFar()) {
        for (int i = 0; i < tr.cards().size(); i++, n++) {
          if (n >= a.cardsPlayed()) {
            cards.add(new Played(tr.player(i), tr.cards().get(i)));
            trick = tr.number();
          }
        }
      }
      // A refused lead out of turn goes back under its option's Law, a revoke under 62.
      String law = undone ? "" : pb.get().pendingOption().map(PlayOption::law).orElse("62");
      out.add(new BoardEvent.CardsWithdrawn(cards, trick, law, undone));
    } else if (a.cardsPlayed() > playedBefore) {
      int n = 0;
      for (Trick tr : ta) {
        for (int i = 0; i < tr.cards().size(); i++, n++) {
          if (n >= playedBefore) {
            out.add(new BoardEvent.CardPlayed(new Played(tr.player(i), tr.cards().get(i)),
                tr.number()));
            if (i == 0 && tr.number() == 1 && a.dummyFaced() && !faced) {
              out.add(dummyFaced(a)); // right after the opening lead that faces it
              exposed = true;
            }
            if (i == 3 && tr.winner().isPresent()) {
              out.add(new BoardEvent.TrickWon(tr.number(), tr.winner().get(),
                  wonUpTo(ta, tr.number(), Side.NS), wonUpTo(ta, tr.number(), Side.EW)));
            }
          }
        }
      }
    }
    // Faced without a card: a lead out of turn accepted (Law 54A), perhaps with a new declarer.
    if (!exposed && a.dummyFaced() && !faced) {
      out.add(dummyFaced(a));
    }
    Optional<Claim> cb = pb.flatMap(Play::pendingClaim);
    Optional<Claim> ca = a.pendingClaim();
    if (action instanceof BoardAction.Claim && ca.isPresent()) {
      out.add(new BoardEvent.ClaimMade(ca.get()));
    } else if (action instanceof BoardAction.RespondToClaim r && cb.isPresent()) {
      ClaimStatus status = a.isComplete() ? ClaimStatus.ACCEPTED
          : ca.isEmpty() ? ClaimStatus.REJECTED
          : ca.get().disputed() ? ClaimStatus.REFERRED
          : ClaimStatus.PENDING;
      out.add(new BoardEvent.ClaimAnswered(r.seat(), r.accept(), status));
    }
  }

  private static BoardEvent.DummyFaced dummyFaced(Play a) {
    return new BoardEvent.DummyFaced(a.dummy(), a.remaining(a.dummy()), a.contract());
  }

  private static int wonUpTo(List<Trick> tricks, int number, Side side) {
    int n = 0;
    for (Trick tr : tricks) {
      if (tr.number() <= number && tr.winner().isPresent() && tr.winner().get().side() == side) {
        n++;
      }
    }
    return n;
  }

  private static void rulings(DealState before, DealState after, List<BoardEvent> out) {
    List<Ruling> rb = before.rulings();
    for (Ruling r : after.rulings()) {
      Optional<Ruling> was = rb.stream().filter(x -> x.id() == r.id()).findFirst();
      if (was.isEmpty()) {
        out.add(new BoardEvent.RulingOpened(r));
        if (r.isDecided()) {
          out.add(new BoardEvent.RulingDecided(r));
        }
      } else if (!was.get().decision().equals(r.decision())) {
        out.add(new BoardEvent.RulingDecided(r));
      }
    }
  }
}
