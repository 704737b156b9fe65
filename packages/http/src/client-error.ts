import { ServerResponse, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemBody, PROBLEM_CONTENT_TYPE } from './problem';

/**
 * What Node answers itself when it cannot read a request (it never reaches express), with our
 * problem body instead of its bare status line: the same statuses Node's own handler picks.
 */
function answerFor(code: string | undefined): { status: number; code: string; detail: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      // The request line counts too: an overlong URL lands here (llhttp has no error of its own for it).
      return { status: 431, code: 'header_too_large', detail: 'The request line and headers are larger than the server reads (16 KB).' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'chunk_extensions_too_large', detail: 'The chunk extensions of the body are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', detail: 'The request was not received in time.' };
    default:
      return { status: 400, code: 'malformed_request', detail: 'The request is not valid HTTP/1.1 (its request line, a header or the body framing).' };
  }
}

/** The response Node is writing on the socket, if any (its own field; Node's default answer checks the same). */
function responseInFlight(socket: Duplex): ServerResponse | null {
  const message: unknown = Reflect.get(socket, '_httpMessage');
  return message instanceof ServerResponse ? message : null;
}

/**
 * Answers a request Node's parser refused (bad request line, invalid header characters, headers too
 * large, a timeout) with a problem body and closes the connection; only when nothing of a response was
 * written on that connection yet, else it is just closed. A connection reset is just closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = responseInFlight(socket);
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = answerFor(error.code);
    const body = JSON.stringify(problemBody(answer.status, { title: STATUS_CODES[answer.status], detail: answer.detail, code: answer.code }));
    const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`, `Content-Type: ${PROBLEM_CONTENT_TYPE}`, `Content-Length: ${Buffer.byteLength(body)}`, 'X-Content-Type-Options: nosniff', 'Connection: close'];
    socket.once('finish', () => socket.destroy());
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}
