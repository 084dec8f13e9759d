package org.tenace.cli.tm;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * One TCP connection of the Table Manager protocol: CRLF-terminated ASCII lines both ways. Every
 * line read or written goes to the {@code transcript} sink ({@code "<"} read, {@code ">"}
 * written), which the tests check against an independent grammar.
 */
public final class TmConnection implements Closeable {
  private final Socket socket;
  private final BufferedReader in;
  private final OutputStream out;
  private final String peer;
  private final BiConsumer<String, String> transcript;
  private final Duration pause;

  public TmConnection(Socket socket, BiConsumer<String, String> transcript, Duration pause)
      throws IOException {
    this.socket = socket;
    socket.setTcpNoDelay(true);
    this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
        StandardCharsets.US_ASCII));
    this.out = socket.getOutputStream();
    this.peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
    this.transcript = transcript;
    this.pause = pause;
  }

  /** host:port of the other end, for log lines. */
  public String peer() {
    return peer;
  }

  /** The next line without its line end, or null at the end of the stream. */
  public String read() throws IOException {
    String line = in.readLine();
    if (line != null) {
      transcript.accept("<", line);
    }
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
