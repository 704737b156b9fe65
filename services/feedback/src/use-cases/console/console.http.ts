import { readFileSync } from 'node:fs';
import type { feedbackRoutes } from '@obp/contracts';
import { browserAppHeaders, type RouteHandler } from '@obp/http';
import { assetPath } from '../../assets';

type ConsoleRoutes = typeof feedbackRoutes;

/** The reviewer console: a static page, its script and its styles, read once at start, under the browser apps' policy. */
export function consoleHandlers(): { getConsole: RouteHandler<ConsoleRoutes['getConsole']>; getConsoleScript: RouteHandler<ConsoleRoutes['getConsoleScript']>; getConsoleStyles: RouteHandler<ConsoleRoutes['getConsoleStyles']> } {
  const page = readFileSync(assetPath('console', 'console.html'), 'utf8');
  const script = readFileSync(assetPath('console', 'console.js'));
  const styles = readFileSync(assetPath('console', 'console.css'));
  const [pageHeaders, scriptHeaders, stylesHeaders] = [page, script, styles].map(browserAppHeaders);
  return {
    getConsole: () => ({ status: 200, html: page, headers: pageHeaders }),
    getConsoleScript: () => ({ status: 200, file: script, contentType: 'text/javascript; charset=utf-8', headers: scriptHeaders }),
    getConsoleStyles: () => ({ status: 200, file: styles, contentType: 'text/css; charset=utf-8', headers: stylesHeaders }),
  };
}
