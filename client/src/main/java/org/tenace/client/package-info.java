/**
 * The gRPC client library that every Tenace client builds on, the house robot's seat driver and
 * the terminal client alike: a table's model folded from its WatchTable stream ({@link
 * org.tenace.client.TableModel}), the one translation between proto and the bridge vocabulary
 * ({@link org.tenace.client.Vocabulary}), and the bearer token on every call ({@link
 * org.tenace.client.Bearer}).
 */
package org.tenace.client;
