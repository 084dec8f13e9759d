package org.tenace.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's compiled classes refer to no type outside the JDK's core, the scoring vocabulary,
 * the solver (pure itself) and the engine itself. The import checks ({@code PureCoreTest}, {@code
 * EnginePurityTest}) miss a fully qualified name written in the code; the class files do not,
 * since every type a class uses is named in its constant pool ({@code java/sql/Timestamp}, {@code
 * (Lcom/google/protobuf/Message;)V}).
 */
class EngineBytecodePurityTest {
  /** A binary type name inside a class name, descriptor or signature. */
  private static final Pattern TYPE = Pattern.compile(
      "(?:^|[(\\[;)<>L])((?:[a-z][a-z0-9_]*/)+[A-Za-z0-9_$]+)");
  private static final List<String> ALLOWED = List.of("java/lang/", "java/util/", "java/math/",
      "java/security/", "java/nio/", "java/io/", "java/time/", "java/text/",
      "org/tenace/bridge/", "org/tenace/solver/", "org/tenace/server/engine/");

  @Test
  void engineClassesUseOnlyTheJdkCoreAndTheBridgeVocabulary() throws IOException {
    Path dir = Path.of("target/classes/org/tenace/server/engine");
    assertThat(dir).isDirectory();
    List<String> bad = new ArrayList<>();
    int classes = 0;
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        classes++;
        for (String type : types(utf8Constants(Files.readAllBytes(f)))) {
          if (ALLOWED.stream().noneMatch(type::startsWith)) {
            bad.add(f.getFileName() + ": " + type);
          }
        }
      }
    }
    assertThat(classes).isGreaterThan(30);
    assertThat(bad).isEmpty();
  }

  @Test
  void forbiddenTypesAreFoundInNamesDescriptorsAndSignatures() {
    assertThat(types(List.of("java/sql/Timestamp", "(Lcom/google/protobuf/Message;I)V",
        "Ljava/util/List<Lorg/tenace/proto/v1/Card;>;", "a plain string, not/a type")))
        .containsExactly("java/sql/Timestamp", "com/google/protobuf/Message", "java/util/List",
            "org/tenace/proto/v1/Card");
  }

  private static List<String> types(List<String> constants) {
    List<String> out = new ArrayList<>();
    for (String c : constants) {
      Matcher m = TYPE.matcher(c);
      while (m.find()) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  /** The UTF-8 entries of a class file's constant pool (JVMS §4.4). */
  private static List<String> utf8Constants(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    List<String> out = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> out.add(in.readUTF());
        case 7, 8, 16, 19, 20 -> in.skipBytes(2);
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 5, 6 -> {
          in.skipBytes(8);
          i++; // long and double take two entries
        }
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    return out;
  }
}
