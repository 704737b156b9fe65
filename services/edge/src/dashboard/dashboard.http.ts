import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { dashboardRoutes } from '@obp/contracts';
import { browserAppHeaders, type RouteHandler } from '@obp/http';
import { assetPath } from '../assets';

/** Chart.js's own minified browser build (UMD: the library and its one dependency in one file), from the edge's package. */
const chartLibraryPath = () => join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');

type DashboardRoutes = typeof dashboardRoutes;

/** The app dashboard: a static page, its script, its styles and the chart library, read once at start, under the browser apps' policy. */
export function dashboardHandlers(): { [K in keyof DashboardRoutes]: RouteHandler<DashboardRoutes[K]> } {
  const page = readFileSync(assetPath('dashboard', 'dashboard.html'), 'utf8');
  const script = readFileSync(assetPath('dashboard', 'dashboard.js'));
  const styles = readFileSync(assetPath('dashboard', 'dashboard.css'));
  const charts = readFileSync(chartLibraryPath());
  const javascript = 'text/javascript; charset=utf-8';
  const [pageHeaders, scriptHeaders, stylesHeaders, chartsHeaders] = [page, script, styles, charts].map(browserAppHeaders);
  return {
    getDashboard: () => ({ status: 200, html: page, headers: pageHeaders }),
    getDashboardScript: () => ({ status: 200, file: script, contentType: javascript, headers: scriptHeaders }),
    getDashboardStyles: () => ({ status: 200, file: styles, contentType: 'text/css; charset=utf-8', headers: stylesHeaders }),
    getDashboardCharts: () => ({ status: 200, file: charts, contentType: javascript, headers: chartsHeaders }),
  };
}
