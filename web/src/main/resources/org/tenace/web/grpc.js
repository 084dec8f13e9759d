// gRPC-Web over fetch, with JSON messages: the server's own services, as the terminal client
// calls them over gRPC. A message goes in a frame of five bytes (flag 0, length) and its JSON; the
// answer is frames of messages, then a trailer frame (flag 0x80) with grpc-status. An error before
// any message comes in the response headers instead. Refusals carry google.rpc.ErrorInfo in
// grpc-status-details-bin: its reason is the code the server refused with (errors.proto).

const CODES = ['OK', 'CANCELLED', 'UNKNOWN', 'INVALID_ARGUMENT', 'DEADLINE_EXCEEDED', 'NOT_FOUND',
  'ALREADY_EXISTS', 'PERMISSION_DENIED', 'RESOURCE_EXHAUSTED', 'FAILED_PRECONDITION', 'ABORTED',
  'OUT_OF_RANGE', 'UNIMPLEMENTED', 'INTERNAL', 'UNAVAILABLE', 'DATA_LOSS', 'UNAUTHENTICATED'];

/** A refused or failed call: its status code's name, the server's reason, and its words. */
export class GrpcError extends Error {
  constructor(code, reason, description) {
    super(description || code);
    this.code = code;
    this.reason = reason;
    this.description = description;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function frame(message) {
  const json = encoder.encode(JSON.stringify(message));
  const out = new Uint8Array(5 + json.length);
  new DataView(out.buffer).setUint32(1, json.length);
  out.set(json, 5);
  return out;
}

const CREATE_KEY = 'tenace.createKey';

/**
 * Keeps the server's create key for this tab (sessionStorage, never a URL): sent with the calls
 * that create a table or a session, as the metadata tenace-create-key that gRPC callers send.
 */
export function setCreateKey(key) {
  if (key) sessionStorage.setItem(CREATE_KEY, key);
}

function headersFor(token, method) {
  const h = { 'content-type': 'application/grpc-web+json', 'x-grpc-web': '1',
    'accept': 'application/grpc-web+json' };
  if (token) h.authorization = 'Bearer ' + token;
  const key = sessionStorage.getItem(CREATE_KEY);
  if (key && /\/Create(Table|Session)$/.test(method)) h['tenace-create-key'] = key;
  return h;
}

/** Reads a protobuf varint at p; returns [value, next position]. */
function varint(bytes, p) {
  let v = 0; let shift = 0; let b;
  do {
    b = bytes[p++];
    v += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [v, p];
}

/** The length-delimited fields of a protobuf message, as [field number, bytes]. */
function fields(bytes) {
  const out = [];
  let p = 0;
  while (p < bytes.length) {
    let key; [key, p] = varint(bytes, p);
    const type = key & 7;
    if (type === 2) {
      let n; [n, p] = varint(bytes, p);
      out.push([key >>> 3, bytes.subarray(p, p + n)]);
      p += n;
    } else if (type === 0) {
      [, p] = varint(bytes, p);
    } else if (type === 5) {
      p += 4;
    } else if (type === 1) {
      p += 8;
    } else {
      break;
    }
  }
  return out;
}

/** ErrorInfo.reason from a google.rpc.Status (base64), or '' when it has none. */
function reasonOf(details) {
  if (!details) return '';
  try {
    const bin = atob(details.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, ''));
    const status = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    for (const [n, any] of fields(status)) {
      if (n !== 3) continue;
      const parts = fields(any);
      const type = parts.find(([f]) => f === 1);
      const value = parts.find(([f]) => f === 2);
      if (type && value && decoder.decode(type[1]).endsWith('google.rpc.ErrorInfo')) {
        const reason = fields(value[1]).find(([f]) => f === 1);
        if (reason) return decoder.decode(reason[1]);
      }
    }
  } catch (e) {
    // unreadable details: the description's code serves
  }
  return '';
}

function statusError(get) {
  const status = Number(get('grpc-status'));
  if (!status) return null;
  let description = get('grpc-message') || '';
  try {
    description = decodeURIComponent(description);
  } catch (e) {
    // as sent
  }
  const coded = /^([A-Z_]+): (.*)$/s.exec(description);
  const reason = reasonOf(get('grpc-status-details-bin')) || (coded ? coded[1] : '');
  return new GrpcError(CODES[status] || 'UNKNOWN', reason, coded ? coded[2] : description);
}

function trailers(bytes) {
  const map = new Map();
  for (const line of decoder.decode(bytes).split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) map.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return (name) => map.get(name);
}

/**
 * Calls `method` ("bridge.v1.TableService/ListTables") with `request`, and hands each message of
 * the answer to `onMessage` as it arrives. Resolves when the call ends well; rejects with a
 * GrpcError (or a TypeError when the network fails).
 */
export async function call(method, request, { token, onMessage, signal } = {}) {
  let response;
  try {
    response = await fetch('/' + method, { method: 'POST', headers: headersFor(token, method),
      body: frame(request), signal, cache: 'no-store', credentials: 'omit' });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new GrpcError('UNAVAILABLE', '', 'the server cannot be reached');
  }
  const early = statusError((n) => response.headers.get(n));
  if (early) throw early;
  if (!response.ok) {
    throw new GrpcError('UNAVAILABLE', '', 'the server answered HTTP ' + response.status);
  }
  const reader = response.body.getReader();
  let buffer = new Uint8Array(0);
  let ended = null;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new GrpcError('UNAVAILABLE', '', 'the connection to the server was lost');
    }
    if (chunk.done) break;
    const joined = new Uint8Array(buffer.length + chunk.value.length);
    joined.set(buffer);
    joined.set(chunk.value, buffer.length);
    buffer = joined;
    while (buffer.length >= 5) {
      const length = new DataView(buffer.buffer, buffer.byteOffset).getUint32(1);
      if (buffer.length < 5 + length) break;
      const flag = buffer[0];
      const body = buffer.subarray(5, 5 + length);
      buffer = buffer.subarray(5 + length);
      if (flag & 0x80) {
        ended = statusError(trailers(body)) || 'ok';
      } else if (onMessage) {
        onMessage(JSON.parse(decoder.decode(body)));
      }
    }
  }
  if (ended === null) {
    throw new GrpcError('UNAVAILABLE', '', 'the connection to the server was lost');
  }
  if (ended !== 'ok') throw ended;
}

/** A unary call: resolves with its one answer. */
export async function unary(method, request, token) {
  let answer = null;
  await call(method, request, { token, onMessage: (m) => { answer = m; } });
  return answer || {};
}
