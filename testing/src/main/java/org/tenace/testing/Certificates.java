package org.tenace.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Base64;

/** TLS material for the tests that serve or call over TLS, made on the spot with keytool. */
public final class Certificates {
  private Certificates() {}

  /** A certificate and its key, as PEM files, and the key store they came from. */
  public record SelfSigned(Path cert, Path key, KeyStore store) {}

  /**
   * A self-signed certificate for localhost (and 127.0.0.1) and its PKCS#8 key, written as PEM
   * to cert.pem and key.pem in {@code dir}, made with the JDK's keytool there; with the key
   * store keytool made, for a client to trust.
   */
  public static SelfSigned selfSigned(Path dir)
      throws IOException, InterruptedException, GeneralSecurityException {
    Path store = dir.resolve("tls.p12");
    Process keytool = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "tenace", "-keyalg", "EC", "-groupname", "secp256r1",
        "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", "changeit")
        .redirectErrorStream(true).start();
    String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(keytool.waitFor()).as(said).isZero();
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, "changeit".toCharArray());
    }
    Path cert = dir.resolve("cert.pem");
    Path key = dir.resolve("key.pem");
    Files.writeString(cert, pem("CERTIFICATE", ks.getCertificate("tenace").getEncoded()));
    Files.writeString(key, pem("PRIVATE KEY",
        ks.getKey("tenace", "changeit".toCharArray()).getEncoded()));
    return new SelfSigned(cert, key, ks);
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }
}
