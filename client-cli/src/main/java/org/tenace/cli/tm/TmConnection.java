package org.tenace.cli.tm;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One TCP connection of the Table Manager protocol: CRLF-terminated ASCII lines both ways. Every
 * line read or written goes to the {@code transcript} sink ({@code "<"} read, {@code ">"}
 * written), which the tests check against an independent grammar.
 */
public final class TmConnection implements Closeable {
  /**
   * The longest line kept: the protocol's longest (a call with a 500-character explanation) with
   * room to spare. A longer line is cut here and the rest of it skipped, so a program that never
   * ends its line cannot fill the gateway's memory.
   */
  static final int MAX_LINE = 2000;

  private final Socket socket;
  private final InputStream in;
  private boolean afterCr;
  private final OutputStream out;
  private final String peer;
  private final BiConsumer<String, String> transcript;
  private final Duration pause;

  public TmConnection(Socket socket, BiConsumer<String, String> transcript, Duration pause)
      throws IOException {
    this.socket = socket;
    socket.setTcpNoDelay(true);
    // A program's machine that vanishes (power, network) sends no FIN: keepalive ends the
    // connection in time, so that the seat is free for the program's resume.
    socket.setKeepAlive(true);
    keepAliveTimes(socket);
    this.in = new BufferedInputStream(socket.getInputStream());
    this.out = socket.getOutputStream();
    this.peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
    this.transcript = transcript;
    this.pause = pause;
  }

  /**
   * The message of the connection's first line, {@code first}, which should be a Connecting;
   * empty when it is outside the grammar, and {@code notice} is told why the connection closes.
   */
  public Optional<TmMessage> greeting(String first, Consumer<String> notice) {
    try {
      return Optional.of(TmLine.parse(first));
    } catch (TmLine.BadLine e) {
      notice.accept(peer + ": " + e.getMessage() + "; a connection begins with 'Connecting"
          + " \"team\" as North using protocol version 18': closed");
      return Optional.empty();
    }
  }

  /**
   * A minute of silence, then three probes 10 s apart (where the system lets a socket choose):
   * the system's default waits two hours before the first probe.
   */
  private static void keepAliveTimes(Socket socket) {
    var options = socket.supportedOptions();
    try {
      if (options.contains(jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE)) {
        socket.setOption(jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE, 60);
        socket.setOption(jdk.net.ExtendedSocketOptions.TCP_KEEPINTERVAL, 10);
        socket.setOption(jdk.net.ExtendedSocketOptions.TCP_KEEPCOUNT, 3);
      }
    } catch (IOException | UnsupportedOperationException e) {
      // the system's keepalive times, then
    }
  }

  /** host:port of the other end, for log lines. */
  public String peer() {
    return peer;
  }

  /**
   * The next line without its line end (CRLF, LF or CR), or null at the end of the stream; a
   * line longer than {@link #MAX_LINE} characters is cut there and ends with "...".
   */
  public String read() throws IOException {
    StringBuilder b = new StringBuilder();
    boolean cut = false;
    while (true) {
      int c = in.read();
      if (c == '\n' && afterCr && b.isEmpty() && !cut) {
        afterCr = false; // the LF of a CRLF
        continue;
      }
      afterCr = false;
      if (c < 0) {
        if (b.isEmpty() && !cut) {
          return null;
        }
        break;
      }
      if (c == '\n') {
        break;
      }
      if (c == '\r') {
        afterCr = true;
        break;
      }
      if (b.length() < MAX_LINE) {
        b.append(c < 0x80 ? (char) c : '?');
      } else {
        cut = true;
      }
    }
    String line = cut ? b + "..." : b.toString();
    transcript.accept("<", line);
    return line;
  }

  /** Writes one line and its CRLF, after the pause some older programs need (if set). */
  public synchronized void send(String line) throws IOException {
    if (!pause.isZero()) {
      try {
        Thread.sleep(pause.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    transcript.accept(">", line);
    out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  public boolean isClosed() {
    return socket.isClosed();
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // already gone
    }
  }
}
