package org.tenace.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The reasons the server gives in a refusal's or a stream end's details: each is a
 * {@code google.rpc.ErrorInfo} whose reason is a code such as {@code TABLE_MOVED} or
 * {@code STALE_VERSION}, with its facts as metadata. Read here once for the stream, the
 * cluster's channel and the terminal client.
 */
final class ServerReasons {
  private ServerReasons() {}

  /**
   * The ErrorInfos of {@code status} (null: none) whose reason is {@code reason}, in order; a
   * detail that is not one is passed over.
   */
  static List<ErrorInfo> find(com.google.rpc.Status status, String reason) {
    List<ErrorInfo> found = new ArrayList<>();
    if (status == null) {
      return found;
    }
    for (Any detail : status.getDetailsList()) {
      if (detail.is(ErrorInfo.class)) {
        try {
          ErrorInfo info = detail.unpack(ErrorInfo.class);
          if (info.getReason().equals(reason)) {
            found.add(info);
          }
        } catch (InvalidProtocolBufferException ignored) {
          // not the server's ErrorInfo
        }
      }
    }
    return found;
  }
}
