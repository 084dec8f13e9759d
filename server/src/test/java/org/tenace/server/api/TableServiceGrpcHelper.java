package org.tenace.server.api;

import io.grpc.Channel;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.TableServiceGrpc;

/** Small helpers for tests that talk to a server. */
final class TableServiceGrpcHelper {
  private TableServiceGrpcHelper() {}

  static String create(Channel channel, CreateTableRequest req) {
    return TableServiceGrpc.newBlockingStub(channel).createTable(req).getTable().getTableId();
  }
}
