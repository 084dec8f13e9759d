package org.tenace.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tenace.server.Browsers.until;

import com.microsoft.playwright.Page;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.proto.v1.ListSessionsRequest;
import org.tenace.proto.v1.ListTablesRequest;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.server.application.ServerLimits;

/**
 * A server with a create key, in real Chromium: the page's forms refuse in words without the key
 * and create with it, the key sent as gRPC callers send it (metadata tenace-create-key) and kept
 * for the tab only, never in the address or the browser's lasting storage.
 */
class WebCreateKeyBrowserTest {
  private static final String KEY = "club-evening-key";

  @RegisterExtension
  final Browsers browsers = Browsers.each(new ServerLimits(0, 0, KEY, Duration.ZERO));

  @Test
  @Timeout(120)
  void aTableAndASessionAreCreatedFromThePagesOnlyWithTheServersCreateKey() {
    Page p = browsers.open("Ann");
    p.click("#create button[type=submit]");
    until(() -> p.textContent("#message").contains("give it as the create key"));
    assertThat(browsers.tables(null).listTables(ListTablesRequest.getDefaultInstance())
        .getTablesCount()).isZero();

    p.fill("#create input[name=createKey]", KEY);
    p.evaluate("document.getElementById('message').textContent = ''");
    p.click("#create button[type=submit]");
    until(() -> p.url().contains("#/table/") || !p.textContent("#message").isEmpty());
    assertThat(p.textContent("#message")).as("the page's word").isEmpty();
    until(() -> p.url().contains("#/table/"));
    assertThat(browsers.tables(null).listTables(ListTablesRequest.getDefaultInstance())
        .getTablesCount()).isEqualTo(1);

    // The director's console of another tab: refused without the key, created with it.
    Page director = browsers.load("#/direct", "#create-session", Browsers.LAPTOP[0],
        Browsers.LAPTOP[1]);
    director.fill("#create-session input[name=tables]", "2");
    director.click("#create-session button[type=submit]");
    until(() -> director.textContent("#message").contains("give it as the create key"));
    director.fill("#create-session input[name=createKey]", KEY);
    director.evaluate("document.getElementById('message').textContent = ''");
    director.click("#create-session button[type=submit]");
    until(() -> director.url().matches(".*#/direct/.+")
        || !director.textContent("#message").isEmpty());
    assertThat(director.textContent("#message")).as("the console's word").isEmpty();
    assertThat(SessionServiceGrpc.newBlockingStub(browsers.channel())
        .listSessions(ListSessionsRequest.getDefaultInstance()).getSessionsCount())
        .isEqualTo(1);

    for (Page page : new Page[] {p, director}) {
      assertThat(page.url()).doesNotContain(KEY);
      assertThat((String) page.evaluate("JSON.stringify(localStorage)")).doesNotContain(KEY);
    }
  }
}
