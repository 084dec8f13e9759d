package org.tenace.client;

import java.util.Optional;
import org.tenace.bridge.check.Require;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * The table as the server showed it to one seat when the seat is asked something: nothing here
 * can hold a card the seat was not sent. Tricks the server now shows redacted (Law 66, after a
 * fresh snapshot) are filled in from what the driver saw as they were played, when it saw them.
 */
public record SeatView(Seat seat, TableSnapshot table) {

  public SeatView {
    Require.nonNull("seat table", seat, table);
  }

  /** The board in progress (or the last one), if any. */
  public Optional<BoardView> board() {
    return table.hasBoard() ? Optional.of(table.getBoard()) : Optional.empty();
  }

  /** The cards of {@code whose} this seat is shown: its own, dummy's once faced, if any. */
  public Optional<Hand> hand(Seat whose) {
    org.tenace.proto.v1.Seat p = Vocabulary.toProto(whose);
    for (org.tenace.proto.v1.Hand h : table.getBoard().getHandsList()) {
      if (h.getSeat() == p) {
        return Optional.of(Vocabulary.hand(h));
      }
    }
    return Optional.empty();
  }
}
