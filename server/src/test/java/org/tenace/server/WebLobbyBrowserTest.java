package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.Browsers.until;

import com.microsoft.playwright.Page;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.Variant;

/**
 * The lobby in real Chromium: what its New table form makes, as CreateTable makes it for any
 * client.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class WebLobbyBrowserTest {
  @RegisterExtension
  final Browsers browsers = Browsers.each();

  /**
   * The lobby's form makes a two-player table (here the one with a trump suit, hearts): the
   * four-player settings and East and West leave the form when the game is chosen, the server's
   * robot takes North and the page South, whose table shows its hand, the stock and the trumps;
   * another lobby lists the table with no East or West to sit at.
   */
  @Test
  void theLobbysFormCreatesATwoPlayerTable() {
    Page ann = browsers.open("Ann");
    assertThat(ann.isVisible("#create select[name=scoring]")).isTrue();
    assertThat(ann.isVisible("#create select[name=trump]")).isFalse();
    ann.selectOption("#create select[name=variant]", "VARIANT_TRUMPS");
    assertThat(ann.isVisible("#create select[name=scoring]")).isFalse();
    assertThat(ann.isVisible("#create select[name=mode]")).isFalse();
    assertThat(ann.isVisible("#create input[name=robot][value=SEAT_EAST]")).isFalse();
    assertThat(ann.isVisible("#create input[name=robot][value=SEAT_WEST]")).isFalse();
    assertThat(ann.isChecked("#create input[name=robot][value=SEAT_NORTH]")).isTrue();
    ann.selectOption("#create select[name=trump]", "SUIT_HEARTS");
    ann.fill("#create input[name=table]", "For two");
    ann.fill("#create input[name=boards]", "1");
    ann.click("#create button[type=submit]");

    until(() -> ann.url().contains("#/table/") || !ann.textContent("#message").isEmpty());
    assertThat(ann.textContent("#message")).as("the page's word").isEmpty();
    ann.waitForSelector(".compass.two .hand[data-seat='SEAT_SOUTH'] .card");
    assertThat(ann.querySelectorAll(".hand[data-seat='SEAT_SOUTH'] .card")).hasSize(13);
    assertThat(ann.querySelectorAll(".hand[data-seat='SEAT_NORTH'] .card")).isEmpty();
    assertThat(ann.getAttribute("[data-stock]", "data-stock")).isEqualTo("26");
    assertThat(ann.getAttribute(".side [data-trump]", "data-trump")).isEqualTo("SUIT_HEARTS");
    assertThat(ann.textContent(".side .board")).contains("trumps ♥");

    // The server made what the form said: a two-player table of trumps, hearts, one deal, the
    // robot at North and Ann at South.
    TableInfo made = browsers.tables(null).listTables(ListTablesRequest.getDefaultInstance())
        .getTablesList().stream().filter(t -> t.getName().equals("For two")).findFirst()
        .orElseThrow();
    assertThat(ann.url()).endsWith("#/table/" + made.getTableId());
    assertThat(made.getSettings().getVariant()).isEqualTo(Variant.VARIANT_TRUMPS);
    assertThat(made.getSettings().getTwoPlayer().getTrumpSuit()).isEqualTo(Suit.SUIT_HEARTS);
    assertThat(made.getSettings().getBoardCount()).isEqualTo(1);
    assertThat(made.getSeatsList()).extracting(SeatInfo::getSeat)
        .containsOnly(Seat.SEAT_NORTH, Seat.SEAT_SOUTH);
    SeatInfo north = made.getSeatsList().stream().filter(s -> s.getSeat() == Seat.SEAT_NORTH)
        .findFirst().orElseThrow();
    SeatInfo south = made.getSeatsList().stream().filter(s -> s.getSeat() == Seat.SEAT_SOUTH)
        .findFirst().orElseThrow();
    assertThat(north.getRobot()).isTrue();
    assertThat(south.getPlayerName()).isEqualTo("Ann");

    // Another lobby lists it: North's robot and Ann, no East or West to sit at.
    Page bob = browsers.open("Bob");
    String row = "#tables tr[data-table='" + made.getTableId() + "']";
    bob.waitForSelector(row);
    assertThat(bob.querySelectorAll(row + " [data-sit]")).isEmpty();
    assertThat(bob.textContent(row + " td[data-label=North]")).contains("robot");
    assertThat(bob.textContent(row + " td[data-label=South]")).contains("Ann");
    assertThat(bob.textContent(row + " td[data-label=East]")).isEqualTo("–");
    assertThat(bob.textContent(row + " td[data-label=West]")).isEqualTo("–");
  }
}
