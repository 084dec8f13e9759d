package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.Assignment;
import org.tenace.proto.v1.GetResultsRequest;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.SessionStatus;

/**
 * The director's tools of {@code tenace direct} in the browser's console (headless Chromium),
 * through the same rpcs: a movement repaired (proposed, the check's words shown, accepted), an
 * artificial and a split adjusted score and a procedural penalty, each listed among the
 * director's actions; and a
 * substitute seated in a person's place, whose page says so in words with a Leave button.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class WebDirectorToolsBrowserTest {
  @RegisterExtension
  final Browsers browsers = Browsers.each();

  @Test
  void theConsoleRepairsTheMovementGivesAPenaltyAndSeatsASubstitute() {
    Page director = browsers.open("Director");
    // Two boards a round: Ann's table, waiting for her, does not finish when one is adjusted.
    String session = Browsers.createSession(director, "tables", "2", "boards", "2");
    Page ann = browsers.open("Ann");
    int pair = Browsers.joinSession(ann, session);
    int leaves = pair == 4 ? 3 : 4;

    // A pair leaves after round 1: the server proposes, the check speaks, the director accepts.
    director.waitForSelector("#repair");
    director.selectOption("#repair select[name=change]", "leaves");
    director.fill("#repair input[name=pair]", String.valueOf(leaves));
    director.fill("#repair input[name=after]", "1");
    director.click("#repair button[type=submit]");
    director.waitForSelector("#repair-proposal");
    String proposal = director.textContent("#repair-proposal");
    System.out.println("web: the console's repair: " + proposal);
    assertThat(proposal).contains("Repair from round 2 (pair " + leaves + " leaves)")
        .containsPattern("The check finds (nothing wrong|\\d+ defect)");
    director.click("#accept-repair");
    director.waitForSelector("#message.info:has-text('Movement repaired from round 2')");
    director.waitForSelector("#director-actions li:has-text('the movement repaired from round"
        + " 2, pair " + leaves + " leaves')");
    assertThat(director.locator("#repair-proposal").count()).isZero();

    director.click("#start");
    director.waitForSelector(".console p.state[data-state=SESSION_STATE_PLAYING]");
    ann.waitForSelector(".compass .seat.bottom .hand .card");
    SessionStatus status = browsers.directing(director, session).getResults(GetResultsRequest
        .newBuilder().setSessionId(session).build()).getStatus();
    Assignment annsRound1 = status.getPlan(0).getAssignmentsList().stream()
        .filter(a -> a.getPair() == pair).findFirst().orElseThrow();
    int table = annsRound1.getTable();
    int board = annsRound1.getBoards(0);

    // Ann's board gets Avg+/Avg-, and her pair a penalty on it.
    director.fill("#adjust input[name=round]", "1");
    director.fill("#adjust input[name=table]", String.valueOf(table));
    director.fill("#adjust input[name=board]", String.valueOf(board));
    director.click("#adjust button[type=submit]");
    director.waitForSelector("#director-actions li:has-text('board " + board + " at table "
        + table + ", round 1: Avg+ to North-South, Avg- to East-West')");
    director.fill("#penalty input[name=pair]", String.valueOf(pair));
    director.fill("#penalty input[name=board]", String.valueOf(board));
    director.fill("#penalty input[name=amount]", "0.5");
    director.click("#penalty button[type=submit]");
    director.waitForSelector("#message.info:has-text('pair " + pair + " loses 0.5 MPs on board "
        + board + " (a procedural penalty, Law 90)')");
    director.waitForSelector("#director-actions li:has-text('pair " + pair + " loses 0.5 MPs')");
    // A split score at the other table, written as tenace direct adjust --split takes it.
    int other = status.getPlan(0).getAssignmentsList().stream()
        .filter(a -> a.getTable() > 0 && a.getTable() != table).findFirst().orElseThrow()
        .getTable();
    director.fill("#adjust input[name=table]", String.valueOf(other));
    director.fill("#adjust input[name=assignNs]", "4S= by N");
    director.fill("#adjust input[name=assignEw]", "4s-1 by n");
    director.click("#adjust button[type=submit]");
    director.waitForSelector("#director-actions li:has-text('board " + board + " at table "
        + other + ", round 1: 4S= by N to North-South, 4S-1 by N to East-West (a split"
        + " score)')");

    // A robot takes Ann's seat: her page says so where the table was, and Leave takes her off.
    director.selectOption("#substitute select[name=pair]", String.valueOf(pair));
    director.click("#substitute button[type=submit]");
    director.waitForSelector("#message.info:has-text('a robot plays pair " + pair + "')");
    ann.waitForSelector("#replaced");
    String said = ann.textContent("#replaced p");
    System.out.println("web: Ann's page, replaced: " + said);
    assertThat(said).isEqualTo("The director has seated a substitute in your place at table "
        + table + ".");
    ann.click("#leave-replaced");
    Browsers.until(() -> ann.evaluate("() => location.hash").toString()
        .equals("#/session/" + session));
    Browsers.screenshot(director, "console-tools");
  }
}
