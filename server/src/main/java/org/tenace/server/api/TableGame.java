package org.tenace.server.api;

import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.PlayCardResponse;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.Tables;

/**
 * What TableService does its own way at one kind of table ({@link Tables.Kind}): create one
 * from its settings, and map a call or a card into the game's action. {@link TableGrpcService}
 * picks the kind's game (by the settings' variant at CreateTable, by the table id after) and
 * runs everything else (join, leave, ready, close, watch) the same way at every table. Maps the
 * request, calls one method of the table, maps the reply; no rules live here.
 */
interface TableGame {
  /** The kind of table this game runs. */
  Tables.Kind kind();

  /** Creates a table of this kind, checking the caller's create key once the request is read. */
  CreateTableResponse create(CreateTableRequest req, String client, ServerLimits limits);

  /** MakeCall for the caller's token. */
  MakeCallResponse call(MakeCallRequest req);

  /** PlayCard for the caller's token. */
  PlayCardResponse play(PlayCardRequest req);
}
