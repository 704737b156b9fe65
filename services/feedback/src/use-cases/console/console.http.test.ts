import { consoleHandlers } from './console.http';

type Handlers = ReturnType<typeof consoleHandlers>;
/** The console's answers read nothing of their request. */
const noInput = {} as Parameters<Handlers['getConsole']>[0] & Parameters<Handlers['getConsoleScript']>[0] & Parameters<Handlers['getConsoleStyles']>[0];

const etagsOf = async (handlers: Handlers) =>
  (await Promise.all([handlers.getConsole(noInput), handlers.getConsoleScript(noInput), handlers.getConsoleStyles(noInput)])).map((answer) => ('headers' in answer ? answer.headers : undefined));

describe('the console’s answers', () => {
  it('carry an ETag of their content, so a browser revalidating (no-cache) gets a 304 instead of the bytes again', async () => {
    const headers = await etagsOf(consoleHandlers());
    for (const answer of headers) expect(answer).toMatchObject({ 'Cache-Control': 'no-cache', ETag: expect.stringMatching(/^"[0-9a-f]{16}"$/) });
    expect(new Set(headers.map((answer) => answer?.ETag)).size).toBe(3);
    // The same content gives the same ETag in another process (another replica, a restart).
    expect((await etagsOf(consoleHandlers())).map((answer) => answer?.ETag)).toEqual(headers.map((answer) => answer?.ETag));
  });
});
