import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';
import { repoRoot } from '@obp/testkit';

/** The metric names every service exports at /metrics (the agreed names), and Prometheus's own `up`. */
const exported = {
  histograms: ['http_server_request_duration_seconds', 'job_attempts'],
  others: [
    'messaging_kafka_consumer_lag',
    'outbox_backlog',
    'outbox_oldest_age_seconds',
    'job_queue_depth',
    'job_queue_oldest_age_seconds',
    'job_runs_total',
    'webhook_delivery_attempts_total',
    'consent_refresh_rejections_total',
    'up',
  ],
};
const queryable = new Set([...exported.others, ...exported.histograms.flatMap((h) => [`${h}_bucket`, `${h}_count`, `${h}_sum`])]);

interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}

const rules = (): Rule[] => (parse(readFileSync(join(repoRoot, 'infra/prometheus/alerts.yml'), 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> }).groups.flatMap((g) => g.rules);

/** The metric names an expression selects, and the places Prometheus's grammar could not parse. */
function readExpression(expr: string): { metrics: string[]; errors: string[] } {
  const metrics: string[] = [];
  const errors: string[] = [];
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(`at ${node.from}: '${expr.slice(Math.max(0, node.from - 20), node.to + 20)}'`);
      if (node.name === 'VectorSelector') {
        const name = node.node.getChild('Identifier');
        if (name) metrics.push(expr.slice(name.from, name.to));
      }
    },
  });
  return { metrics, errors };
}

describe('infra/prometheus/alerts.yml', () => {
  it('is a rule file of alerts whose expressions parse and select only metrics the services export, each with its runbook section', () => {
    const runbookAnchors = new Set([...readFileSync(join(repoRoot, 'docs/runbook.md'), 'utf8').matchAll(/^### (\S+)$/gm)].map((m) => `docs/runbook.md#${m[1]!.toLowerCase()}`));
    const all = rules();
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const rule of all) {
      const { metrics, errors } = readExpression(rule.expr);
      expect({ alert: rule.alert, errors, unknownMetrics: metrics.filter((m) => !queryable.has(m)) }).toEqual({ alert: rule.alert, errors: [], unknownMetrics: [] });
      expect(metrics.length).toBeGreaterThan(0);
      expect(rule).toMatchObject({ for: expect.stringMatching(/^\d+[smh]$/), labels: { severity: expect.stringMatching(/^(page|warning|info)$/) } });
      expect(runbookAnchors).toContain(rule.annotations.runbook);
    }
    expect(new Set(all.map((r) => r.alert)).size).toBe(all.length);
  });

  it('finds a broken expression and a metric nobody exports', () => {
    expect(readExpression('sum(rate(http_server_request_duration_seconds_count[5m]) > ').errors).not.toEqual([]);
    expect(readExpression('rate(http_requests_total[5m])').metrics).toEqual(['http_requests_total']);
  });
});
