package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.entry;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tenace.proto.v1.OtherCall;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.LawsEdition;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.Ruling;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableSettings;

/**
 * Every domain enum that crosses the wire maps to its proto enum by name, one to one, so wire
 * numbers never depend on the order of the domain's constants.
 */
class ProtoMappingTest {

  /** One enum's mapping: domain to proto always, and back where requests carry it. */
  record Mapping<D extends Enum<D>, P extends Enum<P>>(Class<D> domain, Class<P> proto,
      Function<D, P> toProto, Optional<BiFunction<P, String, D>> fromProto) {
    static <D extends Enum<D>, P extends Enum<P>> Mapping<D, P> out(Class<D> domain,
        Class<P> proto, Function<D, P> toProto) {
      return new Mapping<>(domain, proto, toProto, Optional.empty());
    }

    static <D extends Enum<D>, P extends Enum<P>> Mapping<D, P> both(Class<D> domain,
        Class<P> proto, Function<D, P> toProto, BiFunction<P, String, D> fromProto) {
      return new Mapping<>(domain, proto, toProto, Optional.of(fromProto));
    }

    /** The proto values a domain value may map to: all but UNSPECIFIED and UNRECOGNIZED. */
    List<P> meaningful() {
      return Arrays.stream(proto.getEnumConstants()).filter(p -> !placeholder(p)).toList();
    }

    List<P> placeholders() {
      return Arrays.stream(proto.getEnumConstants()).filter(Mapping::placeholder).toList();
    }

    private static boolean placeholder(Enum<?> p) {
      return p.name().endsWith("_UNSPECIFIED") || p.name().equals("UNRECOGNIZED");
    }

    @Override
    public String toString() {
      return domain.getName().substring(domain.getName().lastIndexOf('.') + 1);
    }
  }

  static Stream<Mapping<?, ?>> mappings() {
    return Stream.of(
        Mapping.both(Seat.class, org.tenace.proto.v1.Seat.class, ProtoMapper::toProto,
            ProtoMapper::seat),
        Mapping.both(Suit.class, org.tenace.proto.v1.Suit.class, ProtoMapper::toProto,
            ProtoMapper::suit),
        Mapping.both(Rank.class, org.tenace.proto.v1.Rank.class, ProtoMapper::toProto,
            ProtoMapper::rank),
        Mapping.both(Strain.class, org.tenace.proto.v1.Strain.class, ProtoMapper::toProto,
            ProtoMapper::strain),
        Mapping.both(Call.Other.class, OtherCall.class, ProtoMappingTest::other,
            ProtoMapper::other),
        Mapping.out(Doubling.class, org.tenace.proto.v1.Doubling.class, ProtoMapper::toProto),
        Mapping.out(Vulnerability.class, org.tenace.proto.v1.Vulnerability.class,
            ProtoMapper::toProto),
        Mapping.out(Side.class, org.tenace.proto.v1.Side.class, ProtoMapper::toProto),
        Mapping.both(Mode.class, org.tenace.proto.v1.Mode.class, ProtoMapper::toProto,
            ProtoMapper::mode),
        Mapping.both(LawsEdition.class, org.tenace.proto.v1.LawsEdition.class,
            ProtoMapper::toProto, ProtoMapper::edition),
        Mapping.both(TableSettings.KibitzPolicy.class, org.tenace.proto.v1.KibitzPolicy.class,
            ProtoMapper::toProto, ProtoMapper::kibitz),
        Mapping.both(TableSettings.Approver.class, org.tenace.proto.v1.UndoApprover.class,
            ProtoMapper::toProto, ProtoMapper::approver),
        Mapping.both(TableSettings.Scope.class, org.tenace.proto.v1.UndoScope.class,
            ProtoMapper::toProto, ProtoMapper::scope),
        Mapping.both(TableSettings.ScoringMethod.class, org.tenace.proto.v1.ScoringMethod.class,
            ProtoMapper::toProto, ProtoMapper::scoring),
        // JoinTable reads only PLAYER and KIBITZER, and says so; the director's token comes
        // from CreateTable.
        Mapping.out(Role.class, org.tenace.proto.v1.Role.class, ProtoMapper::toProto),
        Mapping.out(Table.Status.class, org.tenace.proto.v1.TableStatus.class,
            ProtoMapper::toProto),
        Mapping.out(Ruling.DecidedBy.class, org.tenace.proto.v1.DecidedBy.class,
            ProtoMapper::toProto));
  }

  private static OtherCall other(Call.Other o) {
    return ProtoMapper.toProto(o).getOther();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mappings")
  <D extends Enum<D>, P extends Enum<P>> void everyDomainValueComesBackFromItsProtoValue(
      Mapping<D, P> m) {
    for (D d : m.domain().getEnumConstants()) {
      P p = m.toProto().apply(d);
      assertThat(m.meaningful()).as("%s maps to a meaningful value", d).contains(p);
      m.fromProto().ifPresent(from -> assertThat(from.apply(p, "f")).isEqualTo(d));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mappings")
  <D extends Enum<D>, P extends Enum<P>> void everyProtoValueIsReachedByExactlyOneDomainValue(
      Mapping<D, P> m) {
    List<P> reached = Arrays.stream(m.domain().getEnumConstants()).map(m.toProto()).toList();
    assertThat(reached).containsExactlyInAnyOrderElementsOf(m.meaningful());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mappings")
  <D extends Enum<D>, P extends Enum<P>> void unspecifiedAndUnknownProtoValuesAreMalformed(
      Mapping<D, P> m) {
    m.fromProto().ifPresent(from -> {
      assertThat(m.placeholders()).hasSize(2);
      for (P p : m.placeholders()) {
        TableException e = catchThrowableOfType(TableException.class, () -> from.apply(p, "f"));
        assertThat(e).as("%s refused", p).isNotNull();
        assertThat(e.reason()).isEqualTo(TableException.Reason.MALFORMED);
        assertThat(e.field()).isEqualTo("f");
      }
    });
  }

  @Test
  void knownPairsMatchByNameAndWireNumber() {
    assertThat(ProtoMapper.toProto(Seat.NORTH)).isEqualTo(org.tenace.proto.v1.Seat.SEAT_NORTH);
    assertThat(ProtoMapper.seat(org.tenace.proto.v1.Seat.SEAT_WEST, "f")).isEqualTo(Seat.WEST);
    assertThat(ProtoMapper.toProto(Seat.NORTH).getNumber()).isEqualTo(1);
    assertThat(ProtoMapper.toProto(Rank.TWO).getNumber()).isEqualTo(2);
    assertThat(ProtoMapper.toProto(Rank.ACE)).isEqualTo(org.tenace.proto.v1.Rank.RANK_ACE);
    assertThat(ProtoMapper.toProto(Rank.ACE).getNumber()).isEqualTo(14);
    // The domain lists 1997 first, the proto 2017: only the names agree.
    assertThat(List.<Object>of(ProtoMapper.toProto(Strain.NO_TRUMP),
        ProtoMapper.toProto(Vulnerability.NS), ProtoMapper.toProto(TableSettings.ScoringMethod.IMP),
        ProtoMapper.toProto(LawsEdition.LAWS_1997), ProtoMapper.toProto(Role.DIRECTOR),
        ProtoMapper.toProto(Ruling.DecidedBy.TABLE))).containsExactly(
        org.tenace.proto.v1.Strain.STRAIN_NO_TRUMP,
        org.tenace.proto.v1.Vulnerability.VULNERABILITY_NORTH_SOUTH,
        org.tenace.proto.v1.ScoringMethod.SCORING_METHOD_DUPLICATE_IMPS,
        org.tenace.proto.v1.LawsEdition.LAWS_EDITION_1997,
        org.tenace.proto.v1.Role.ROLE_DIRECTOR, org.tenace.proto.v1.DecidedBy.DECIDED_BY_TABLE);
  }

  /** Enums the server only sends have no inverse to round-trip through: every pair is pinned. */
  @Test
  void sentOnlyEnumsMapEveryValueByName() {
    assertThat(names(Doubling.class, ProtoMapper::toProto)).containsExactly(
        entry("UNDOUBLED", "DOUBLING_UNDOUBLED"), entry("DOUBLED", "DOUBLING_DOUBLED"),
        entry("REDOUBLED", "DOUBLING_REDOUBLED"));
    assertThat(names(Vulnerability.class, ProtoMapper::toProto)).containsExactly(
        entry("NONE", "VULNERABILITY_NONE"), entry("NS", "VULNERABILITY_NORTH_SOUTH"),
        entry("EW", "VULNERABILITY_EAST_WEST"), entry("BOTH", "VULNERABILITY_BOTH"));
    assertThat(names(Side.class, ProtoMapper::toProto)).containsExactly(
        entry("NS", "SIDE_NORTH_SOUTH"), entry("EW", "SIDE_EAST_WEST"));
    assertThat(names(Role.class, ProtoMapper::toProto)).containsExactly(
        entry("PLAYER", "ROLE_PLAYER"), entry("KIBITZER", "ROLE_KIBITZER"),
        entry("DIRECTOR", "ROLE_DIRECTOR"));
    assertThat(names(Table.Status.class, ProtoMapper::toProto)).containsExactly(
        entry("WAITING", "TABLE_STATUS_WAITING"), entry("PLAYING", "TABLE_STATUS_PLAYING"),
        entry("CLOSED", "TABLE_STATUS_CLOSED"));
    assertThat(names(Ruling.DecidedBy.class, ProtoMapper::toProto)).containsExactly(
        entry("DIRECTOR", "DECIDED_BY_DIRECTOR"), entry("DEFAULT", "DECIDED_BY_DEFAULT"),
        entry("TABLE", "DECIDED_BY_TABLE"));
  }

  private static <D extends Enum<D>> Map<String, String> names(Class<D> domain,
      Function<D, ? extends Enum<?>> toProto) {
    Map<String, String> out = new LinkedHashMap<>();
    for (D d : domain.getEnumConstants()) {
      out.put(d.name(), toProto.apply(d).name());
    }
    return out;
  }

  @Test
  void everyCardComesBackAndMarksItsOwnBit() {
    for (int i = 0; i < 52; i++) {
      Card c = Card.of(i);
      org.tenace.proto.v1.Card p = ProtoMapper.toProto(c);
      assertThat(ProtoMapper.card(p, "card")).isEqualTo(c);
      assertThat(TableHub.cards(p)).isEqualTo(1L << c.index());
    }
    assertThat(TableHub.cards(org.tenace.proto.v1.Card.newBuilder()
        .setSuit(org.tenace.proto.v1.Suit.SUIT_SPADES).build())).isZero();
  }
}
