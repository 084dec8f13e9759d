package org.tenace.server.engine;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;

/**
 * Deals boards from an injected random source: {@link #secure()} for tournaments, {@link
 * #seeded(long)} for tests and reproducible sessions.
 *
 * <p>Why the deals are uniform: a Fisher-Yates shuffle with an unbiased {@code nextInt(bound)}
 * (every {@link RandomGenerator} must return each value of the bound with equal probability; the
 * JDK's use rejection sampling, not a modulo) makes each of the 52! orders of the pack equally
 * likely, and a deal takes cards 0-12 to North, 13-25 to East and so on, so every deal is the image
 * of exactly 13!^4 orders: all 52!/(13!^4) deals are equally likely. A shuffle is preferred to
 * unranking a 96-bit index because it needs no big-integer arithmetic and draws no more than 51
 * bounded integers. With {@link SecureRandom} (seeded by the operating system, far more than the
 * 96 bits of entropy a deal needs) every deal is reachable and unpredictable; a seeded {@link
 * SplittableRandom} has 2^64 states only, which is why it is for tests and replays, not
 * tournaments.
 */
public final class Shuffler {
  private final RandomGenerator random;
  private final byte[] pack = new byte[52];

  public Shuffler(RandomGenerator random) {
    this.random = Objects.requireNonNull(random, "random");
  }

  /** Tournament dealing: an operating-system seeded {@link SecureRandom}. */
  public static Shuffler secure() {
    return new Shuffler(new SecureRandom());
  }

  /** Reproducible dealing: the same seed gives the same deals, on every JDK (SplitMix64). */
  public static Shuffler seeded(long seed) {
    return new Shuffler(new SplittableRandom(seed));
  }

  /** The next random deal. Not thread-safe: one shuffler per dealing thread. */
  public Deal deal() {
    for (int i = 0; i < 52; i++) {
      pack[i] = (byte) i;
    }
    for (int i = 51; i > 0; i--) {
      int j = random.nextInt(i + 1);
      byte t = pack[i];
      pack[i] = pack[j];
      pack[j] = t;
    }
    long[] hands = new long[4];
    for (int i = 0; i < 52; i++) {
      hands[i / 13] |= 1L << pack[i];
    }
    return Deal.of(Hand.ofBits(hands[0]), Hand.ofBits(hands[1]), Hand.ofBits(hands[2]),
        Hand.ofBits(hands[3]));
  }

  /** A fresh salt for a commitment, from the same random source. */
  public Salt salt() {
    byte[] bytes = new byte[Salt.BYTES];
    random.nextBytes(bytes);
    return Salt.of(bytes);
  }

  /** The next deal for {@code board}, sealed with a fresh salt: publish its commitment first. */
  public SealedDeal sealedDeal(Board board) {
    return new SealedDeal(board, deal(), salt());
  }
}
