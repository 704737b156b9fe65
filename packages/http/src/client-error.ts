import { ServerResponse, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { UnreadableRequestAnswers, type UnreadableRequestAnswer } from '@obp/contracts';
import { problemBody, PROBLEM_CONTENT_TYPE } from './problem';

/**
 * What Node answers itself when it cannot read a request (it never reaches express), with our
 * problem body instead of its bare status line: the same statuses Node's own handler picks. The API
 * document lists each of them on every operation (`UnreadableRequestAnswers`).
 */
function answerFor(code: string | undefined): UnreadableRequestAnswer {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return UnreadableRequestAnswers.headerTooLarge;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return UnreadableRequestAnswers.chunkExtensionsTooLarge;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return UnreadableRequestAnswers.requestTimeout;
    default:
      return UnreadableRequestAnswers.malformed;
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
