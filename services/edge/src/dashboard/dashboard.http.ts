import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { dashboardRoutes } from '@obp/contracts';
import { contentHash, type RouteHandler } from '@obp/http';
import { assetPath } from '../assets';

/**
 * The dashboard's page loads only its own script and styles and the chart library, all from this origin; it
 * talks only to this origin and may not be framed. No inline script or style, and no string ever becomes
 * markup (Trusted Types with no policy: the browser refuses innerHTML and the like outright).
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

const securityHeaders = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

/** Chart.js's own minified browser build (UMD: the library and its one dependency in one file), from the edge's package. */
const chartLibraryPath = () => join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');

type DashboardRoutes = typeof dashboardRoutes;

/** The app dashboard: a static page, its script, its styles and the chart library, read once at start. */
export function dashboardHandlers(): { [K in keyof DashboardRoutes]: RouteHandler<DashboardRoutes[K]> } {
  const page = readFileSync(assetPath('dashboard', 'dashboard.html'), 'utf8');
  const script = readFileSync(assetPath('dashboard', 'dashboard.js'));
  const styles = readFileSync(assetPath('dashboard', 'dashboard.css'));
  const charts = readFileSync(chartLibraryPath());
  // `no-cache` revalidates: a browser that has the same bytes gets a 304 for its If-None-Match.
  const headersFor = (body: string | Buffer) => ({ ...securityHeaders, ETag: `"${contentHash(body)}"` });
  const javascript = 'text/javascript; charset=utf-8';
  const [pageHeaders, scriptHeaders, stylesHeaders, chartsHeaders] = [page, script, styles, charts].map(headersFor);
  return {
    getDashboard: () => ({ status: 200, html: page, headers: pageHeaders }),
    getDashboardScript: () => ({ status: 200, file: script, contentType: javascript, headers: scriptHeaders }),
    getDashboardStyles: () => ({ status: 200, file: styles, contentType: 'text/css; charset=utf-8', headers: stylesHeaders }),
    getDashboardCharts: () => ({ status: 200, file: charts, contentType: javascript, headers: chartsHeaders }),
  };
}
