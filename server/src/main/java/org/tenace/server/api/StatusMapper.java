package org.tenace.server.api;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tenace.server.engine.RuleViolationException;
import org.tenace.server.engine.Violation;
import org.tenace.server.store.StoreException;
import org.tenace.server.table.Quote;
import org.tenace.server.table.TableException;

/**
 * The one place that turns a refusal into a gRPC status, so clients see one convention: the code
 * first in the description, a {@code google.rpc.ErrorInfo} whose reason is that code (domain
 * tenace.org), and a {@code BadRequest} naming the field for malformed input.
 */
public final class StatusMapper {
  static final String DOMAIN = "tenace.org";
  /**
   * The longest description sent. Values a request carries are quoted short where a message is
   * made (Quote); this is the net under them, since the description travels in the trailers.
   */
  static final int MAX_MESSAGE = 1000;
  private static final Logger log = LoggerFactory.getLogger(StatusMapper.class);

  private StatusMapper() {}

  public static StatusRuntimeException toStatus(Throwable t) {
    if (t instanceof StatusRuntimeException s) {
      return s;
    }
    if (t instanceof RuleViolationException e) {
      return status(code(e.violation()), e.violation().name(), e.getMessage(), "");
    }
    if (t instanceof TableException e) {
      return status(code(e.reason()), e.reason().name(), e.getMessage(), e.field(), e.version(),
          e.movedTo());
    }
    if (t instanceof IllegalArgumentException e) {
      return status(Code.INVALID_ARGUMENT, "MALFORMED", "MALFORMED: " + e.getMessage(), "");
    }
    if (t instanceof StoreException) {
      log.error("store failure", t);
      return status(Code.UNAVAILABLE, "STORE_UNAVAILABLE", "STORE_UNAVAILABLE: the action could "
          + "not be recorded and was not applied; the table is unchanged, retry later", "");
    }
    log.error("internal error", t);
    return status(Code.INTERNAL, "INTERNAL", "INTERNAL: internal error", "");
  }

  static Code code(Violation v) {
    switch (v) {
      case DUMMY_CANNOT_PLAY: return Code.PERMISSION_DENIED;   // a seat acting out of its role
      case BID_ABOVE_SEVEN: return Code.INVALID_ARGUMENT;      // level 8 is malformed input
      default: return Code.FAILED_PRECONDITION;
    }
  }

  static Code code(TableException.Reason r) {
    switch (r) {
      case MALFORMED: return Code.INVALID_ARGUMENT;
      case TOKEN_MISSING: case TOKEN_INVALID: case SEAT_REPLACED: return Code.UNAUTHENTICATED;
      case NOT_YOUR_SEAT: case WRONG_TABLE: case NOT_DIRECTOR: case KIBITZING_NOT_ALLOWED:
      case CREATE_KEY_REQUIRED:
        return Code.PERMISSION_DENIED;
      case TOO_MANY_TABLES: case TOO_MANY_TABLES_FOR_CLIENT: case CLAIM_SEARCH_BUSY:
        return Code.RESOURCE_EXHAUSTED;
      case TABLE_NOT_FOUND: case RULING_NOT_FOUND: return Code.NOT_FOUND;
      case SEAT_TAKEN: return Code.ALREADY_EXISTS;
      case STALE_VERSION: return Code.ABORTED;
      case SHUTTING_DOWN: case TABLE_MOVED: return Code.UNAVAILABLE;
      case NO_BOARD: case BOARD_NOT_COMPLETE: case TABLE_CLOSED: return Code.FAILED_PRECONDITION;
      default: throw new AssertionError(r);
    }
  }

  /** A status with its ErrorInfo, for the stream's own endings. */
  static StatusRuntimeException status(io.grpc.Status.Code code, String reason, String message) {
    return status(Code.forNumber(code.value()), reason, message, "");
  }

  /** TABLE_MOVED for a stream's end: UNAVAILABLE, the owner's address in the ErrorInfo. */
  static StatusRuntimeException moved(TableException e) {
    return toStatus(e);
  }

  private static StatusRuntimeException status(Code code, String reason, String message,
      String field) {
    return status(code, reason, message, field, -1);
  }

  private static StatusRuntimeException status(Code code, String reason, String message,
      String field, long version) {
    return status(code, reason, message, field, version, "");
  }

  /** {@code address}: for TABLE_MOVED, where the table is served ("address" in the metadata). */
  private static StatusRuntimeException status(Code code, String reason, String message,
      String field, long version, String address) {
    ErrorInfo.Builder info = ErrorInfo.newBuilder().setReason(reason).setDomain(DOMAIN);
    if (version >= 0) {
      info.putMetadata("version", String.valueOf(version));
    }
    if (!address.isEmpty()) {
      info.putMetadata("address", address);
    }
    if (message.length() > MAX_MESSAGE) {
      message = Quote.cut(message, MAX_MESSAGE);
    }
    com.google.rpc.Status.Builder s = com.google.rpc.Status.newBuilder()
        .setCode(code.getNumber())
        .setMessage(message)
        .addDetails(Any.pack(info.build()));
    if (code == Code.INVALID_ARGUMENT) {
      s.addDetails(Any.pack(BadRequest.newBuilder()
          .addFieldViolations(BadRequest.FieldViolation.newBuilder()
              .setField(field).setDescription(message))
          .build()));
    }
    return StatusProto.toStatusRuntimeException(s.build());
  }
}
