package org.tenace.server.engine;

import org.tenace.bridge.check.Require;

/**
 * How a table runs its auctions: the mode, the Laws' edition, whether the server passes for barred
 * seats, when irregularities are rectified, and whether rulings take their default at once.
 *
 * @param autoPassBarred the server passes for a seat that may only pass, so Law 37 cannot arise
 * @param attention {@link Attention#AT_ONCE}: the server acts as director the moment a call is
 *     made; {@link Attention#WHEN_DRAWN}: Laws 36-39 wait for {@code drawAttention}, so the
 *     "offender's LHO called first" branches and Law 36C can arise
 * @param rulingsByDefault a judgement ruling is settled with the Laws' default as soon as it is
 *     opened (a table without a director, or a director timeout of zero)
 */
public record AuctionSettings(
    Mode mode, LawsEdition edition, boolean autoPassBarred, Attention attention,
    boolean rulingsByDefault) {

  /** When the Laws of the auction are applied to an irregular call. */
  public enum Attention { AT_ONCE, WHEN_DRAWN }

  public static final AuctionSettings ONLINE =
      new AuctionSettings(Mode.ONLINE, LawsEdition.LAWS_2017, false, Attention.AT_ONCE, false);
  public static final AuctionSettings LAWS =
      new AuctionSettings(Mode.LAWS, LawsEdition.LAWS_2017, false, Attention.AT_ONCE, false);

  public AuctionSettings {
    Require.nonNull("mode edition attention", mode, edition, attention);
  }

  public AuctionSettings withEdition(LawsEdition e) {
    return new AuctionSettings(mode, e, autoPassBarred, attention, rulingsByDefault);
  }

  public AuctionSettings withAutoPassBarred(boolean on) {
    return new AuctionSettings(mode, edition, on, attention, rulingsByDefault);
  }

  public AuctionSettings withAttention(Attention a) {
    return new AuctionSettings(mode, edition, autoPassBarred, a, rulingsByDefault);
  }

  public AuctionSettings withRulingsByDefault(boolean on) {
    return new AuctionSettings(mode, edition, autoPassBarred, attention, on);
  }

  boolean is1997() {
    return edition == LawsEdition.LAWS_1997;
  }
}
