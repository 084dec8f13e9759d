/**
 * The gRPC client library that every Tenace client builds on, a program at a seat and the
 * terminal client alike: one viewer's stream of a table, resumed after a drop ({@link
 * org.tenace.client.TableStream}), folded into a model ({@link org.tenace.client.TableModel}), the one translation between proto and the bridge vocabulary
 * ({@link org.tenace.client.Vocabulary}), the bearer token on every call ({@link
 * org.tenace.client.Bearer}), a plaintext channel to a server ({@link
 * org.tenace.client.Channels}), and the seat driver ({@link org.tenace.client.SeatDriver}) that
 * sits any {@link org.tenace.client.Player} at a table: it watches, resumes after a drop, and
 * answers each turn with the player's decision.
 */
package org.tenace.client;
