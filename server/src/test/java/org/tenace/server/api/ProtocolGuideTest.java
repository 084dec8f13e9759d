package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.util.JsonFormat;
import io.grpc.ClientInterceptors;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.protobuf.ProtoServiceDescriptorSupplier;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.protobuf.StatusProto;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.SessionServiceGrpc;
import org.tenace.proto.v1.TableServiceGrpc;

/**
 * docs/protocol.md's worked example, followed word for word against a real server: every
 * {@code $C} command in it is sent as written (its {@code -H} header and {@code -d} body), and what
 * the guide quotes after it ({@code # } lines; {@code ...} stands for anything) must be what comes
 * back, printed as {@code buf curl} prints it (protobuf JSON; a refusal as its code, message and
 * details). A block of quoted lines with no command is the next message on the open watch. A line
 * {@code NT=...} keeps the token of the join before it under that name, for {@code $NT}.
 */
class ProtocolGuideTest extends LoopbackServer {
  private static final Path GUIDE = Path.of("..", "docs", "protocol.md");
  private static final Pattern HEADER = Pattern.compile("-H \"([^\"]*)\"");
  private static final Pattern BODY = Pattern.compile("-d '([^']*)'", Pattern.DOTALL);
  private static final Pattern TARGET = Pattern.compile("\\$S/(\\S+)");
  private static final Pattern ASSIGN = Pattern.compile("([A-Z]{2})=(\\S+)");

  private final Map<String, String> vars = new HashMap<>();
  private final BlockingQueue<Object> watch = new LinkedBlockingQueue<>();
  private final List<String> tokensShown = new ArrayList<>();
  private String lastToken;
  private int checked;

  @Test
  void theWorkedExampleGivesTheResponsesItQuotes() throws Exception {
    String example = section(Files.readString(GUIDE));
    Matcher assign = Pattern.compile("(?m)^[A-Z]{2}=(\\S{16,})$").matcher(example);
    while (assign.find()) {
      tokensShown.add(assign.group(1));
    }
    for (List<String> block : blocks(example)) {
      run(block);
    }
    assertThat(checked).as("responses checked").isGreaterThanOrEqualTo(15);
  }

  /** The worked example: from its heading to the next. */
  private static String section(String guide) {
    int from = guide.indexOf("## A worked example");
    int to = guide.indexOf("\n## ", from + 1);
    assertThat(from).as("the guide's worked example").isPositive();
    return guide.substring(from, to);
  }

  private static List<List<String>> blocks(String text) {
    List<List<String>> blocks = new ArrayList<>();
    List<String> current = null;
    for (String line : text.split("\n")) {
      if (line.startsWith("```")) {
        if (current != null) {
          blocks.add(current);
          current = null;
        } else {
          current = new ArrayList<>();
        }
      } else if (current != null) {
        current.add(line);
      }
    }
    return blocks;
  }

  private void run(List<String> block) throws Exception {
    int i = 0;
    if (block.get(0).startsWith("# ")) {
      List<String> quoted = new ArrayList<>();
      while (i < block.size() && block.get(i).startsWith("# ")) {
        quoted.add(block.get(i++).substring(2));
      }
      checkWatch(quoted);
    }
    while (i < block.size()) {
      String line = block.get(i++);
      if (!line.startsWith("$C")) {
        Matcher assign = ASSIGN.matcher(line);
        if (assign.matches()) {
          vars.put(assign.group(1), lastToken);
        }
        while (i < block.size() && block.get(i).startsWith("# ")) {
          i++; // what a command other than buf curl prints (the server's banner): not checked
        }
        continue;
      }
      i--;
      StringBuilder command = new StringBuilder(line);
      while (!block.get(i).contains("$S") || block.get(i).endsWith("\\")) {
        command.append('\n').append(block.get(++i));
      }
      i++;
      List<String> quoted = new ArrayList<>();
      while (i < block.size() && block.get(i).startsWith("# ")) {
        quoted.add(block.get(i++).substring(2));
      }
      String response = send(command.toString().replace("\\\n", "\n"));
      if (response.isEmpty()) {
        checkWatch(quoted);
      } else {
        check(quoted, response);
      }
    }
  }

  /** The watch's next message is the one quoted. */
  private void checkWatch(List<String> quoted) throws Exception {
    Object next = watch.poll(10, TimeUnit.SECONDS);
    assertThat(next).as("the watch's next message, quoted as %s", quoted).isNotNull();
    check(quoted, next instanceof StatusRuntimeException e ? refusal(e)
        : JsonFormat.printer().print((DynamicMessage) next));
  }

  /** Sends one command; its response as buf curl prints it, or "" for a stream now watched. */
  private String send(String command) throws Exception {
    if (command.contains("--list-methods")) {
      return String.join("\n", methods());
    }
    Matcher target = TARGET.matcher(command);
    assertThat(target.find()).as("a target in %s", command).isTrue();
    String[] name = target.group(1).split("/");
    Descriptors.MethodDescriptor method = service(name[0]).findMethodByName(name[1]);
    Matcher body = BODY.matcher(command);
    DynamicMessage.Builder request = DynamicMessage.newBuilder(method.getInputType());
    if (body.find()) {
      JsonFormat.parser().merge(body.group(1), request);
    }
    Metadata headers = new Metadata();
    Matcher header = HEADER.matcher(command);
    while (header.find()) {
      String[] kv = header.group(1).split(": ", 2);
      String value = kv[1];
      for (var v : vars.entrySet()) {
        value = value.replace("$" + v.getKey(), v.getValue());
      }
      headers.put(Metadata.Key.of(kv[0], Metadata.ASCII_STRING_MARSHALLER), value);
    }
    var ch = ClientInterceptors.intercept(channel,
        MetadataUtils.newAttachHeadersInterceptor(headers));
    MethodDescriptor<DynamicMessage, DynamicMessage> md =
        MethodDescriptor.<DynamicMessage, DynamicMessage>newBuilder()
            .setType(method.isServerStreaming() ? MethodDescriptor.MethodType.SERVER_STREAMING
                : MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(MethodDescriptor.generateFullMethodName(name[0], name[1]))
            .setRequestMarshaller(ProtoUtils.marshaller(
                DynamicMessage.getDefaultInstance(method.getInputType())))
            .setResponseMarshaller(ProtoUtils.marshaller(
                DynamicMessage.getDefaultInstance(method.getOutputType())))
            .build();
    if (method.isServerStreaming()) {
      ClientCalls.asyncServerStreamingCall(ch.newCall(md, io.grpc.CallOptions.DEFAULT),
          request.build(), new StreamObserver<>() {
            @Override public void onNext(DynamicMessage m) {
              watch.add(m);
            }

            @Override public void onError(Throwable t) {
              watch.add(t);
            }

            @Override public void onCompleted() {}
          });
      return "";
    }
    try {
      DynamicMessage response = ClientCalls.blockingUnaryCall(ch, md,
          io.grpc.CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), request.build());
      var token = method.getOutputType().findFieldByName("token");
      if (token != null) {
        lastToken = (String) response.getField(token);
      }
      return JsonFormat.printer().print(response);
    } catch (StatusRuntimeException e) {
      return refusal(e);
    }
  }

  private static Descriptors.ServiceDescriptor service(String name) {
    for (var d : List.of(TableServiceGrpc.getServiceDescriptor(),
        SessionServiceGrpc.getServiceDescriptor(), HealthGrpc.getServiceDescriptor())) {
      if (d.getName().equals(name)) {
        return ((ProtoServiceDescriptorSupplier) d.getSchemaDescriptor()).getServiceDescriptor();
      }
    }
    throw new AssertionError("no service " + name);
  }

  /** The server's methods, through its reflection service, sorted as buf curl lists them. */
  private List<String> methods() throws Exception {
    var stub = ServerReflectionGrpc.newStub(channel);
    BlockingQueue<ServerReflectionResponse> answers = new LinkedBlockingQueue<>();
    var requests = stub.serverReflectionInfo(new StreamObserver<>() {
      @Override public void onNext(ServerReflectionResponse r) {
        answers.add(r);
      }

      @Override public void onError(Throwable t) {}

      @Override public void onCompleted() {}
    });
    requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
    TreeSet<String> methods = new TreeSet<>();
    for (var s : answers.poll(10, TimeUnit.SECONDS).getListServicesResponse().getServiceList()) {
      requests.onNext(ServerReflectionRequest.newBuilder().setFileContainingSymbol(s.getName())
          .build());
      for (var bytes : answers.poll(10, TimeUnit.SECONDS).getFileDescriptorResponse()
          .getFileDescriptorProtoList()) {
        FileDescriptorProto file = FileDescriptorProto.parseFrom(bytes);
        for (var svc : file.getServiceList()) {
          String full = file.getPackage() + "." + svc.getName();
          if (full.equals(s.getName())) {
            svc.getMethodList().forEach(m -> methods.add(full + "/" + m.getName()));
          }
        }
      }
    }
    requests.onCompleted();
    return new ArrayList<>(methods);
  }

  /** A refusal as buf curl prints it: code, message, and each detail's type and bytes. */
  private static String refusal(StatusRuntimeException e) {
    StringBuilder details = new StringBuilder();
    var status = StatusProto.fromThrowable(e);
    if (status != null) {
      for (var any : status.getDetailsList()) {
        details.append(details.isEmpty() ? "" : ", ").append("{\"type\": \"")
            .append(any.getTypeUrl().substring(any.getTypeUrl().lastIndexOf('/') + 1))
            .append("\", \"value\": \"")
            .append(Base64.getEncoder().withoutPadding().encodeToString(
                any.getValue().toByteArray())).append("\"}");
      }
    }
    return "{\"code\": \"" + e.getStatus().getCode().name().toLowerCase() + "\", \"message\": "
        + goJson(e.getStatus().getDescription())
        + (details.isEmpty() ? "" : ", \"details\": [" + details + "]") + "}";
  }

  /** A string as Go's JSON writes it (buf is a Go program): &lt;, &gt; and &amp; escaped. */
  private static String goJson(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("<", "\\u003c")
        .replace(">", "\\u003e").replace("&", "\\u0026") + "\"";
  }

  /** The quoted lines, with "..." for anything, are the response (whitespace aside). */
  private void check(List<String> quoted, String actual) {
    String expected = String.join(" ", quoted);
    for (String token : tokensShown) {
      expected = expected.replace(token, "..."); // the guide shows one token; each run has its own
    }
    StringBuilder regex = new StringBuilder();
    Iterator<String> parts = List.of(squash(expected).split("\\.\\.\\.", -1)).iterator();
    while (parts.hasNext()) {
      regex.append(Pattern.quote(parts.next()));
      if (parts.hasNext()) {
        regex.append(".*?");
      }
    }
    assertThat(Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(squash(actual))
        .matches()).as("the guide quotes%n%s%nthe server answered%n%s", expected, actual)
        .isTrue();
    checked++;
  }

  private static String squash(String s) {
    return s.replaceAll("\\s+", "");
  }
}
