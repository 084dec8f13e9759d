package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

class DealCommitmentTest {
  private final Shuffler shuffler = Shuffler.seeded(5);

  @Test
  void theRevealedDealAndSaltVerify() {
    SealedDeal sealed = shuffler.sealedDeal(Board.of(7));
    DealCommitment published = sealed.commitment();
    assertThat(published.verify(sealed.deal(), sealed.salt())).isTrue();
  }

  @Test
  void anyoneCanRecomputeItWithPlainSha256() throws Exception {
    SealedDeal sealed = shuffler.sealedDeal(Board.of(3));
    String text = "tenace-deal-v1 board 3 salt " + sealed.salt().hex() + " "
        + sealed.deal().toPbn(Seat.NORTH);
    String digest = HexFormat.of().formatHex(
        MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    assertThat(sealed.commitment().sha256()).isEqualTo(digest);
  }

  @Test
  void aChangedDealFails() {
    SealedDeal sealed = shuffler.sealedDeal(Board.of(1));
    Deal d = sealed.deal();
    // Swap one card between North and East.
    Card n = d.hand(Seat.NORTH).cards().get(0);
    Card e = d.hand(Seat.EAST).cards().get(0);
    Deal swapped = Deal.of(d.hand(Seat.NORTH).without(n).with(e),
        d.hand(Seat.EAST).without(e).with(n), d.hand(Seat.SOUTH), d.hand(Seat.WEST));
    assertThat(sealed.commitment().verify(swapped, sealed.salt())).isFalse();
  }

  @Test
  void anotherSaltOrBoardFails() {
    SealedDeal sealed = shuffler.sealedDeal(Board.of(1));
    assertThat(sealed.commitment().verify(sealed.deal(), shuffler.salt())).isFalse();
    DealCommitment otherBoard = new DealCommitment(Board.of(2), sealed.commitment().sha256());
    assertThat(otherBoard.verify(sealed.deal(), sealed.salt())).isFalse();
  }

  @Test
  void aTamperedDigestFails() {
    SealedDeal sealed = shuffler.sealedDeal(Board.of(1));
    String h = sealed.commitment().sha256();
    String flipped = (h.charAt(0) == '0' ? "1" : "0") + h.substring(1);
    assertThat(new DealCommitment(Board.of(1), flipped).verify(sealed.deal(), sealed.salt()))
        .isFalse();
  }

  @Test
  void saltsAndDigestsAreValidated() {
    assertThatThrownBy(() -> new Salt("abc")).hasMessageContaining("64 lower-case hex");
    assertThatThrownBy(() -> new DealCommitment(Board.of(1), "xyz"))
        .hasMessageContaining("SHA-256");
    assertThatThrownBy(() -> Salt.of(new byte[3])).hasMessageContaining("32 bytes, not 3");
  }

  @Test
  void dealsFromPbnCanBeSealedToo() {
    Deal d = Deal.parsePbn("W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86");
    Salt salt = Shuffler.secure().salt();
    assertThat(new SealedDeal(Board.of(9), d, salt).commitment().verify(d, salt)).isTrue();
    assertThat(Hand.EMPTY.isEmpty()).isTrue();
  }
}
