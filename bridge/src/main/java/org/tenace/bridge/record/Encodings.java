package org.tenace.bridge.record;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Works out the character set of a hand-record file, which the file itself never says. */
public final class Encodings {
  private Encodings() {}

  private static final char[] CP1252 = {
    '\u20ac', '\u0081', '\u201a', '\u0192', '\u201e', '\u2026', '\u2020', '\u2021',
    '\u02c6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008d', '\u017d', '\u008f',
    '\u0090', '\u2018', '\u2019', '\u201c', '\u201d', '\u2022', '\u2013', '\u2014',
    '\u02dc', '\u2122', '\u0161', '\u203a', '\u0153', '\u009d', '\u017e', '\u0178',
  };

  /**
   * The text of a PBN or LIN file: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped),
   * UTF-16 with its BOM, else Windows-1252, which is Latin-1 (PBN's character set, PBN 2.1
   * section 2.2) with printable characters in place of the C1 controls.
   */
  public static String decode(byte[] b) {
    if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
      return new String(b, 3, b.length - 3, StandardCharsets.UTF_8);
    }
    if (b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe) {
      return new String(b, 2, b.length - 2, StandardCharsets.UTF_16LE);
    }
    if (b.length >= 2 && (b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff) {
      return new String(b, 2, b.length - 2, StandardCharsets.UTF_16BE);
    }
    boolean ascii = true;
    for (byte x : b) {
      if (x < 0) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      return new String(b, StandardCharsets.US_ASCII);
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      char[] out = new char[b.length];
      for (int i = 0; i < b.length; i++) {
        int v = b[i] & 0xff;
        out[i] = v >= 0x80 && v < 0xa0 ? CP1252[v - 0x80] : (char) v;
      }
      return new String(out);
    }
  }
}
